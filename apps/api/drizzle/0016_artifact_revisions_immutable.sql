-- A revision is what an artifact was: nothing may rewrite it, and nothing may remove it while its
-- artifact exists. When an artifact is purged, ON DELETE CASCADE removes its revisions after the
-- artifact row is gone, which the WHEN clause lets through (docs/decisions/055-revision-history.md).
CREATE TRIGGER `artifact_revisions_no_update` BEFORE UPDATE ON `artifact_revisions`
BEGIN
  SELECT RAISE(ABORT, 'Artifact revisions are immutable.');
END;--> statement-breakpoint
CREATE TRIGGER `artifact_revisions_no_delete` BEFORE DELETE ON `artifact_revisions`
WHEN EXISTS (SELECT 1 FROM `artifacts` WHERE `id` = OLD.`artifact_id`)
BEGIN
  SELECT RAISE(ABORT, 'Artifact revisions are immutable.');
END;
