ALTER TABLE `bookings` ADD `cancellation_kind` text;--> statement-breakpoint
ALTER TABLE `cleaners` ADD `withdrawn_jobs` integer DEFAULT 0 NOT NULL;