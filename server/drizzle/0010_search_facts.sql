-- Which cleaners changed, and when (decision 060): a server that keeps its own copy of the facts a
-- search filters, sorts and counts by reads only the cleaners changed since the version it holds.
-- cleaner_changes keeps one row per cleaner, stamped with the search_state.version its latest
-- change (insert, update or delete) set. The three cleaner triggers of 0001 are recreated so that
-- the stamp is taken in the same trigger, right after the bump. A write that goes around these
-- triggers (the bulk seed) bumps facts_epoch instead, and every copy is then read whole again.
-- text_version counts only the changes that alter what the full-text index holds (a cleaner added
-- or removed, a bio, services, areas or a name changed): which cleaners a keyword matches, and
-- their bm25 ranks, can be reused until it moves, whatever happens to ratings and prices.
CREATE TABLE `cleaner_changes` (
  `cleaner_id` integer PRIMARY KEY,
  `seq` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `cleaner_changes_seq_idx` ON `cleaner_changes` (`seq`);
--> statement-breakpoint
ALTER TABLE `search_state` ADD `facts_epoch` integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE `search_state` ADD `text_version` integer NOT NULL DEFAULT 0;
--> statement-breakpoint
DROP TRIGGER `cleaners_search_insert`;
--> statement-breakpoint
CREATE TRIGGER `cleaners_search_insert` AFTER INSERT ON `cleaners` BEGIN
  INSERT INTO `cleaner_search` (`rowid`, `name`, `bio`, `services`, `areas`) VALUES (
    new.`id`,
    (SELECT trim(coalesce(`first_name`, '') || ' ' || coalesce(`last_name`, '')) FROM `users` WHERE `id` = new.`user_id`),
    new.`bio`,
    (SELECT group_concat(`value` || CASE `value` WHEN 'residential' THEN ' house home' WHEN 'commercial' THEN ' office business' WHEN 'moveout' THEN ' move out moving' ELSE '' END, ' ') FROM json_each(new.`service_types`)),
    (SELECT group_concat(`value`, ' ') FROM json_each(new.`coverage_areas`))
  );
  INSERT INTO `cleaner_geo` (`id`, `min_lat`, `max_lat`, `min_lon`, `max_lon`)
    VALUES (new.`id`, new.`latitude`, new.`latitude`, new.`longitude`, new.`longitude`);
  UPDATE `search_state` SET `version` = `version` + 1, `text_version` = `text_version` + 1 WHERE `id` = 1;
  REPLACE INTO `cleaner_changes` (`cleaner_id`, `seq`) VALUES (new.`id`, (SELECT `version` FROM `search_state` WHERE `id` = 1));
END;
--> statement-breakpoint
DROP TRIGGER `cleaners_search_update_version`;
--> statement-breakpoint
CREATE TRIGGER `cleaners_search_update_version` AFTER UPDATE ON `cleaners` BEGIN
  UPDATE `search_state` SET `version` = `version` + 1 WHERE `id` = 1;
  REPLACE INTO `cleaner_changes` (`cleaner_id`, `seq`) VALUES (new.`id`, (SELECT `version` FROM `search_state` WHERE `id` = 1));
END;
--> statement-breakpoint
DROP TRIGGER `cleaners_search_delete`;
--> statement-breakpoint
CREATE TRIGGER `cleaners_search_delete` AFTER DELETE ON `cleaners` BEGIN
  DELETE FROM `cleaner_search` WHERE `rowid` = old.`id`;
  DELETE FROM `cleaner_geo` WHERE `id` = old.`id`;
  UPDATE `search_state` SET `version` = `version` + 1, `text_version` = `text_version` + 1 WHERE `id` = 1;
  REPLACE INTO `cleaner_changes` (`cleaner_id`, `seq`) VALUES (old.`id`, (SELECT `version` FROM `search_state` WHERE `id` = 1));
END;
--> statement-breakpoint
DROP TRIGGER `cleaners_search_update_text`;
--> statement-breakpoint
CREATE TRIGGER `cleaners_search_update_text` AFTER UPDATE OF `bio`, `service_types`, `coverage_areas`, `user_id` ON `cleaners` BEGIN
  DELETE FROM `cleaner_search` WHERE `rowid` = old.`id`;
  INSERT INTO `cleaner_search` (`rowid`, `name`, `bio`, `services`, `areas`) VALUES (
    new.`id`,
    (SELECT trim(coalesce(`first_name`, '') || ' ' || coalesce(`last_name`, '')) FROM `users` WHERE `id` = new.`user_id`),
    new.`bio`,
    (SELECT group_concat(`value` || CASE `value` WHEN 'residential' THEN ' house home' WHEN 'commercial' THEN ' office business' WHEN 'moveout' THEN ' move out moving' ELSE '' END, ' ') FROM json_each(new.`service_types`)),
    (SELECT group_concat(`value`, ' ') FROM json_each(new.`coverage_areas`))
  );
  UPDATE `search_state` SET `text_version` = `text_version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
DROP TRIGGER `users_search_update_name`;
--> statement-breakpoint
CREATE TRIGGER `users_search_update_name` AFTER UPDATE OF `first_name`, `last_name` ON `users`
WHEN EXISTS (SELECT 1 FROM `cleaners` WHERE `user_id` = new.`id`) BEGIN
  UPDATE `cleaner_search` SET `name` = trim(coalesce(new.`first_name`, '') || ' ' || coalesce(new.`last_name`, ''))
    WHERE `rowid` IN (SELECT `id` FROM `cleaners` WHERE `user_id` = new.`id`);
  UPDATE `search_state` SET `version` = `version` + 1, `text_version` = `text_version` + 1 WHERE `id` = 1;
END;
