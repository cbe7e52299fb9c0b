-- Search indexes for cleaner discovery (docs/decisions/010-cleaner-search-indexes.md).
-- cleaner_search: FTS5 over a cleaner's name, bio, services and coverage areas (rowid = cleaners.id).
-- cleaner_geo: R*Tree over each cleaner's point (id = cleaners.id), the radius prefilter.
-- search_state: one counter bumped by every change that can alter a search answer; cached answers
-- are keyed by it.
CREATE VIRTUAL TABLE `cleaner_search` USING fts5(
  `name`, `bio`, `services`, `areas`,
  tokenize = 'porter unicode61 remove_diacritics 2',
  prefix = '2 3'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `cleaner_geo` USING rtree(`id`, `min_lat`, `max_lat`, `min_lon`, `max_lon`);
--> statement-breakpoint
CREATE TABLE `search_state` (
  `id` integer PRIMARY KEY CHECK (`id` = 1),
  `version` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `search_state` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
-- Covers every column a search filters, sorts or summarises, so scans read this narrow index,
-- never the wide rows (bio, JSON); rows are fetched by id for the page only.
CREATE INDEX `cleaners_search_cover_idx` ON `cleaners` (`status`, `rating`, `hourly_rate_cents`, `review_count`, `completed_jobs`, `is_verified`, `is_insured`, `is_bonded`, `state`, `city`, `zip_code`, `service_types`);
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
  UPDATE `search_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
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
END;
--> statement-breakpoint
CREATE TRIGGER `cleaners_search_update_geo` AFTER UPDATE OF `latitude`, `longitude` ON `cleaners` BEGIN
  UPDATE `cleaner_geo` SET `min_lat` = new.`latitude`, `max_lat` = new.`latitude`,
    `min_lon` = new.`longitude`, `max_lon` = new.`longitude` WHERE `id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `cleaners_search_update_version` AFTER UPDATE ON `cleaners` BEGIN
  UPDATE `search_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `cleaners_search_delete` AFTER DELETE ON `cleaners` BEGIN
  DELETE FROM `cleaner_search` WHERE `rowid` = old.`id`;
  DELETE FROM `cleaner_geo` WHERE `id` = old.`id`;
  UPDATE `search_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_update_name` AFTER UPDATE OF `first_name`, `last_name` ON `users`
WHEN EXISTS (SELECT 1 FROM `cleaners` WHERE `user_id` = new.`id`) BEGIN
  UPDATE `cleaner_search` SET `name` = trim(coalesce(new.`first_name`, '') || ' ' || coalesce(new.`last_name`, ''))
    WHERE `rowid` IN (SELECT `id` FROM `cleaners` WHERE `user_id` = new.`id`);
  UPDATE `search_state` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
INSERT INTO `cleaner_search` (`rowid`, `name`, `bio`, `services`, `areas`)
SELECT c.`id`,
  trim(coalesce(u.`first_name`, '') || ' ' || coalesce(u.`last_name`, '')),
  c.`bio`,
  (SELECT group_concat(`value` || CASE `value` WHEN 'residential' THEN ' house home' WHEN 'commercial' THEN ' office business' WHEN 'moveout' THEN ' move out moving' ELSE '' END, ' ') FROM json_each(c.`service_types`)),
  (SELECT group_concat(`value`, ' ') FROM json_each(c.`coverage_areas`))
FROM `cleaners` c JOIN `users` u ON u.`id` = c.`user_id`;
--> statement-breakpoint
INSERT INTO `cleaner_geo` (`id`, `min_lat`, `max_lat`, `min_lon`, `max_lon`)
SELECT `id`, `latitude`, `latitude`, `longitude`, `longitude` FROM `cleaners`;
