-- Issue 30: every artifact's one image becomes its first entry in artifact_images, as
-- "Copyright Not Evaluated" (nobody has said otherwise), and every revision's uploaded image is
-- named in revision_images, which the image clean-up and the access check read from now on.
INSERT INTO `artifact_images` (`artifact_id`, `position`, `url`, `alt`, `caption`, `rights`, `credit`)
SELECT `id`, 0, `artifact_image`, `image_alt`, '', 'http://rightsstatements.org/vocab/CNE/1.0/', ''
FROM `artifacts`;
--> statement-breakpoint
INSERT INTO `revision_images` (`revision_id`, `path`)
SELECT `id`, `fields` ->> '$.artifactImage' FROM `artifact_revisions`
WHERE `fields` ->> '$.artifactImage' LIKE '/images/%';
--> statement-breakpoint
-- The revisions' expression index served only the clean-up's old union.
DROP INDEX IF EXISTS `artifact_revisions_uploaded_image_idx`;
