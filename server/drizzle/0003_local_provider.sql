CREATE TABLE `local_payment_events` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`provider_payment_id` text NOT NULL,
	`event` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `local_payment_events_id_unique` ON `local_payment_events` (`id`);--> statement-breakpoint
CREATE INDEX `local_payment_events_intent_idx` ON `local_payment_events` (`provider_payment_id`,`seq`);--> statement-breakpoint
CREATE TABLE `local_payment_intents` (
	`id` text PRIMARY KEY NOT NULL,
	`client_secret` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`booking_id` integer NOT NULL,
	`customer_id` integer,
	`succeeded` integer DEFAULT false NOT NULL,
	`failure_reason` text,
	`refunded_cents` integer DEFAULT 0 NOT NULL,
	`disputed` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `local_payment_requests` (
	`key` text PRIMARY KEY NOT NULL,
	`fingerprint` text NOT NULL,
	`result` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `local_payment_requests_created_idx` ON `local_payment_requests` (`created_at`);--> statement-breakpoint
CREATE TABLE `server_secrets` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
