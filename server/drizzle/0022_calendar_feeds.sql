CREATE TABLE `cleaner_calendar_feeds` (
	`cleaner_id` integer PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`cleaner_id`) REFERENCES `cleaners`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cleaner_calendar_feeds_token_unique` ON `cleaner_calendar_feeds` (`token_hash`);