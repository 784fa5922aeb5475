-- Issue 33. A follow and a notification name a collection by id, which no foreign key on a follow
-- can (it names three tables) and an added column keeps no ON DELETE: these go with the collection
-- when it is purged from the trash or leaves with its owner's account.
CREATE TRIGGER `follows_of_deleted_collection` AFTER DELETE ON `collections`
BEGIN
  DELETE FROM `follows` WHERE `target_kind` = 'collection' AND `target_id` = old.`id`;
  DELETE FROM `notifications` WHERE `collection_id` = old.`id`;
END;
