-- Issue 34 with issue 32: a public curated collection is an OAI-PMH set (`collection:{id}`), and a
-- record's header names the sets of the public collections it is in; `collection` holds every
-- record one of them holds (harvest_records.in_collection_set, migration 0044, and its partial
-- index). A change of that is a change a harvester sees, so it moves the record's datestamp and
-- recounts its flag, in the transaction of the change whatever made it (the services, a cascade
-- from a deleted account or a purge): an item added or removed, a collection turning public or
-- leaving (private, unlisted, hidden, trashed, deleted). "Public" here is harvesting/store.ts's
-- PUBLIC_SET_COLLECTION: curated, public, published, not in the trash. Moving or annotating an
-- item changes nothing a harvester sees.
CREATE TRIGGER `harvest_after_collection_item_insert` AFTER INSERT ON `collection_items`
WHEN EXISTS (SELECT 1 FROM `collections` c WHERE c.`id` = NEW.`collection_id` AND c.`kind` = 'curated' AND c.`visibility` = 'public' AND c.`status` = 'published'
    AND c.`deleted_at` IS NULL)
BEGIN
  UPDATE `harvest_records` SET `datestamp` = CAST(unixepoch('subsec') * 1000 AS INTEGER), `in_collection_set` = 1
  WHERE `artifact_id` = NEW.`artifact_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `harvest_after_collection_item_delete` AFTER DELETE ON `collection_items`
WHEN EXISTS (SELECT 1 FROM `collections` c WHERE c.`id` = OLD.`collection_id` AND c.`kind` = 'curated' AND c.`visibility` = 'public' AND c.`status` = 'published'
    AND c.`deleted_at` IS NULL)
BEGIN
  UPDATE `harvest_records` SET `datestamp` = CAST(unixepoch('subsec') * 1000 AS INTEGER),
    `in_collection_set` = EXISTS (SELECT 1 FROM `collection_items` ci
    JOIN `collections` c ON c.`id` = ci.`collection_id`
    WHERE ci.`artifact_id` = OLD.`artifact_id` AND c.`kind` = 'curated' AND c.`visibility` = 'public'
      AND c.`status` = 'published' AND c.`deleted_at` IS NULL)
  WHERE `artifact_id` = OLD.`artifact_id`;
END;
--> statement-breakpoint
-- In or out of the sets: every item's record (at most 500, the curated limit).
CREATE TRIGGER `harvest_after_collection_update` AFTER UPDATE OF `kind`, `visibility`, `status`,
  `deleted_at` ON `collections`
WHEN (OLD.`kind` = 'curated' AND OLD.`visibility` = 'public' AND OLD.`status` = 'published'
    AND OLD.`deleted_at` IS NULL) <> (NEW.`kind` = 'curated' AND NEW.`visibility` = 'public' AND NEW.`status` = 'published'
    AND NEW.`deleted_at` IS NULL)
BEGIN
  UPDATE `harvest_records` SET `datestamp` = CAST(unixepoch('subsec') * 1000 AS INTEGER),
    `in_collection_set` = EXISTS (SELECT 1 FROM `collection_items` ci
    JOIN `collections` c ON c.`id` = ci.`collection_id`
    WHERE ci.`artifact_id` = `harvest_records`.`artifact_id` AND c.`kind` = 'curated' AND c.`visibility` = 'public'
      AND c.`status` = 'published' AND c.`deleted_at` IS NULL)
  WHERE `artifact_id` IN (SELECT `artifact_id` FROM `collection_items` WHERE `collection_id` = NEW.`id`);
END;
--> statement-breakpoint
-- Before the row goes, while its items are there to name (the cascade deletes them after); the
-- collection itself no longer counts.
CREATE TRIGGER `harvest_before_collection_delete` BEFORE DELETE ON `collections`
WHEN OLD.`kind` = 'curated' AND OLD.`visibility` = 'public' AND OLD.`status` = 'published'
    AND OLD.`deleted_at` IS NULL
BEGIN
  UPDATE `harvest_records` SET `datestamp` = CAST(unixepoch('subsec') * 1000 AS INTEGER),
    `in_collection_set` = EXISTS (SELECT 1 FROM `collection_items` ci
    JOIN `collections` c ON c.`id` = ci.`collection_id`
    WHERE ci.`artifact_id` = `harvest_records`.`artifact_id` AND ci.`collection_id` <> OLD.`id` AND c.`kind` = 'curated' AND c.`visibility` = 'public'
      AND c.`status` = 'published' AND c.`deleted_at` IS NULL)
  WHERE `artifact_id` IN (SELECT `artifact_id` FROM `collection_items` WHERE `collection_id` = OLD.`id`);
END;
--> statement-breakpoint
-- An artifact first public while a public collection already holds it (its owner added it while
-- pending): its new record is in the set from the start.
CREATE TRIGGER `harvest_record_after_insert` AFTER INSERT ON `harvest_records`
WHEN EXISTS (SELECT 1 FROM `collection_items` ci
    JOIN `collections` c ON c.`id` = ci.`collection_id`
    WHERE ci.`artifact_id` = NEW.`artifact_id` AND c.`kind` = 'curated' AND c.`visibility` = 'public'
      AND c.`status` = 'published' AND c.`deleted_at` IS NULL)
BEGIN
  UPDATE `harvest_records` SET `in_collection_set` = 1 WHERE `artifact_id` = NEW.`artifact_id`;
END;
--> statement-breakpoint
-- The records already in public collections join the set and gain their sets' names now:
-- harvesters learn of them with their next incremental harvest.
UPDATE `harvest_records` SET `datestamp` = CAST(unixepoch('subsec') * 1000 AS INTEGER), `in_collection_set` = 1
WHERE `artifact_id` IN (SELECT ci.`artifact_id` FROM `collection_items` ci
  JOIN `collections` c ON c.`id` = ci.`collection_id` WHERE c.`kind` = 'curated' AND c.`visibility` = 'public' AND c.`status` = 'published'
    AND c.`deleted_at` IS NULL);
