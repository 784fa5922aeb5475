-- Issue 31: a count that moves with every change to artifact_places, for the map's points kept in
-- memory (store/map-points.ts): with artifact_names_version (which moves whenever the public set
-- changes), it says when they must be read again.
CREATE TABLE `artifact_places_version` (
  `id` integer PRIMARY KEY NOT NULL,
  `version` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `artifact_places_version` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `artifact_places_version_after_insert` AFTER INSERT ON `artifact_places` BEGIN
  UPDATE `artifact_places_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `artifact_places_version_after_update` AFTER UPDATE ON `artifact_places` BEGIN
  UPDATE `artifact_places_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `artifact_places_version_after_delete` AFTER DELETE ON `artifact_places` BEGIN
  UPDATE `artifact_places_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
