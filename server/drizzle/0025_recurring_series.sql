CREATE TABLE `local_customers` (
	`id` text PRIMARY KEY NOT NULL,
	`idempotency_key` text NOT NULL,
	`email` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `local_customers_idempotencyKey_unique` ON `local_customers` (`idempotency_key`);--> statement-breakpoint
CREATE TABLE `local_payment_methods` (
	`id` text PRIMARY KEY NOT NULL,
	`customer_ref` text NOT NULL,
	`last4` text NOT NULL,
	`test_card` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `booking_series` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`cleaner_id` integer NOT NULL,
	`service_id` integer NOT NULL,
	`partner_id` integer,
	`partner_commission_bps` integer,
	`frequency` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`anchor_date` text NOT NULL,
	`local_time` text NOT NULL,
	`time_zone` text NOT NULL,
	`duration_minutes` integer NOT NULL,
	`address` text NOT NULL,
	`special_instructions` text DEFAULT '' NOT NULL,
	`planned_through` text NOT NULL,
	`provider_customer_id` text,
	`payment_method_id` text,
	`card_last4` text,
	`ended_at` integer,
	`end_reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`cleaner_id`) REFERENCES `cleaners`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `booking_series_customer_idx` ON `booking_series` (`customer_id`,`id`);--> statement-breakpoint
CREATE INDEX `booking_series_cleaner_idx` ON `booking_series` (`cleaner_id`,`id`);--> statement-breakpoint
CREATE INDEX `booking_series_status_idx` ON `booking_series` (`status`,`planned_through`);--> statement-breakpoint
CREATE TABLE `series_conflicts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`series_id` integer NOT NULL,
	`occurrence` text NOT NULL,
	`reason` text NOT NULL,
	`alternatives` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`series_id`) REFERENCES `booking_series`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `series_conflicts_occurrence_unique` ON `series_conflicts` (`series_id`,`occurrence`);--> statement-breakpoint
ALTER TABLE `bookings` ADD `series_id` integer;--> statement-breakpoint
ALTER TABLE `bookings` ADD `occurrence` text;--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_series_occurrence_unique` ON `bookings` (`series_id`,`occurrence`) WHERE "bookings"."series_id" is not null;--> statement-breakpoint
ALTER TABLE `local_payment_intents` ADD `customer_ref` text;--> statement-breakpoint
ALTER TABLE `local_payment_intents` ADD `save_card` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `local_payment_intents` ADD `payment_method_id` text;--> statement-breakpoint
ALTER TABLE `local_payment_intents` ADD `off_session` integer DEFAULT false NOT NULL;