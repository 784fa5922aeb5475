-- How many names contain each one- and two-character piece, for the searches too short for the
-- trigram index of migration 0002. Counting them with LIKE read every name (about 8 ms at 100,000
-- artifacts, the slowest list call); this table answers the count with one lookup.
--
-- Pieces are taken from lower(artifact_name) and counted once per name, so the count for a search
-- of one or two characters is exactly the count of `artifact_name LIKE '%term%'` for the
-- ASCII-lowered term (lower() and LIKE both fold ASCII letters only; substr() and length() count
-- characters, as the search's length does).
--
-- The triggers keep it in step in the same transaction as every write to a name, whoever makes it
-- (services, seed, cascades, another process). A name's positions come from json_each over a JSON
-- array of length(name) zeros: triggers cannot hold a recursive common table expression.
-- Pieces whose count falls to zero stay, at zero: there are a few thousand at most.
CREATE TABLE `artifact_name_pieces` (
  `piece` text PRIMARY KEY NOT NULL,
  `names` integer NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `artifact_name_pieces_after_insert` AFTER INSERT ON `artifacts` BEGIN
  INSERT INTO `artifact_name_pieces` (`piece`, `names`)
    SELECT DISTINCT substr(lower(NEW.`artifact_name`), `position`.`key` + 1, `width`.`value`), 1
    FROM json_each('[' || rtrim(replace(hex(zeroblob(length(NEW.`artifact_name`))), '00', '0,'), ',') || ']') AS `position`,
      json_each('[1,2]') AS `width`
    WHERE `position`.`key` + `width`.`value` <= length(NEW.`artifact_name`)
    ON CONFLICT (`piece`) DO UPDATE SET `names` = `names` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `artifact_name_pieces_after_delete` AFTER DELETE ON `artifacts` BEGIN
  UPDATE `artifact_name_pieces` SET `names` = `names` - 1
    WHERE `piece` IN (
      SELECT substr(lower(OLD.`artifact_name`), `position`.`key` + 1, `width`.`value`)
      FROM json_each('[' || rtrim(replace(hex(zeroblob(length(OLD.`artifact_name`))), '00', '0,'), ',') || ']') AS `position`,
        json_each('[1,2]') AS `width`
      WHERE `position`.`key` + `width`.`value` <= length(OLD.`artifact_name`)
    );
END;
--> statement-breakpoint
-- Saving an edit form writes every field; an unchanged name leaves the counts alone.
CREATE TRIGGER `artifact_name_pieces_after_update` AFTER UPDATE OF `artifact_name` ON `artifacts`
WHEN OLD.`artifact_name` IS NOT NEW.`artifact_name` BEGIN
  UPDATE `artifact_name_pieces` SET `names` = `names` - 1
    WHERE `piece` IN (
      SELECT substr(lower(OLD.`artifact_name`), `position`.`key` + 1, `width`.`value`)
      FROM json_each('[' || rtrim(replace(hex(zeroblob(length(OLD.`artifact_name`))), '00', '0,'), ',') || ']') AS `position`,
        json_each('[1,2]') AS `width`
      WHERE `position`.`key` + `width`.`value` <= length(OLD.`artifact_name`)
    );
  INSERT INTO `artifact_name_pieces` (`piece`, `names`)
    SELECT DISTINCT substr(lower(NEW.`artifact_name`), `position`.`key` + 1, `width`.`value`), 1
    FROM json_each('[' || rtrim(replace(hex(zeroblob(length(NEW.`artifact_name`))), '00', '0,'), ',') || ']') AS `position`,
      json_each('[1,2]') AS `width`
    WHERE `position`.`key` + `width`.`value` <= length(NEW.`artifact_name`)
    ON CONFLICT (`piece`) DO UPDATE SET `names` = `names` + 1;
END;
--> statement-breakpoint
-- Count the names that existed before this migration.
INSERT INTO `artifact_name_pieces` (`piece`, `names`)
  SELECT `piece`, count(*) FROM (
    SELECT DISTINCT `artifacts`.`id`,
      substr(lower(`artifacts`.`artifact_name`), `position`.`key` + 1, `width`.`value`) AS `piece`
    FROM `artifacts`,
      json_each('[' || rtrim(replace(hex(zeroblob(length(`artifacts`.`artifact_name`))), '00', '0,'), ',') || ']') AS `position`,
      json_each('[1,2]') AS `width`
    WHERE `position`.`key` + `width`.`value` <= length(`artifacts`.`artifact_name`)
  )
  GROUP BY `piece`;
