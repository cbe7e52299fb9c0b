CREATE TABLE `damage_report_photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`report_id` integer NOT NULL,
	`storage_key` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`report_id`) REFERENCES `damage_reports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `damage_report_photos_report_idx` ON `damage_report_photos` (`report_id`,`id`);--> statement-breakpoint
ALTER TABLE `damage_reports` DROP COLUMN `photo_keys`;