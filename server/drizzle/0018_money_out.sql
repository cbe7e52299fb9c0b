CREATE TABLE `damage_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`reporter_user_id` integer,
	`description` text NOT NULL,
	`photo_keys` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`resolution_reason` text,
	`refund_cents` integer,
	`resolved_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`reporter_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `damage_reports_booking_unique` ON `damage_reports` (`booking_id`);--> statement-breakpoint
CREATE INDEX `damage_reports_status_idx` ON `damage_reports` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `ledger_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`kind` text NOT NULL,
	`booking_id` integer,
	`payment_id` integer,
	`payout_id` integer,
	`amount_cents` integer NOT NULL,
	`memo` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_entries_key_unique` ON `ledger_entries` (`key`);--> statement-breakpoint
CREATE INDEX `ledger_entries_booking_idx` ON `ledger_entries` (`booking_id`);--> statement-breakpoint
CREATE INDEX `ledger_entries_payment_idx` ON `ledger_entries` (`payment_id`,`kind`);--> statement-breakpoint
CREATE TABLE `ledger_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`entry_id` integer NOT NULL,
	`account` text NOT NULL,
	`party_id` integer,
	`debit_cents` integer DEFAULT 0 NOT NULL,
	`credit_cents` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`entry_id`) REFERENCES `ledger_entries`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "ledger_lines_one_side" CHECK(("ledger_lines"."debit_cents" >= 0 and "ledger_lines"."credit_cents" >= 0))
);
--> statement-breakpoint
CREATE INDEX `ledger_lines_entry_idx` ON `ledger_lines` (`entry_id`);--> statement-breakpoint
CREATE INDEX `ledger_lines_account_idx` ON `ledger_lines` (`account`,`party_id`,`entry_id`);--> statement-breakpoint
CREATE TABLE `local_connected_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text,
	`bank_last4` text,
	`payouts_enabled` integer DEFAULT false NOT NULL,
	`onboarding_token` text NOT NULL,
	`updated_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `local_transfer_reversals` (
	`id` text PRIMARY KEY NOT NULL,
	`idempotency_key` text NOT NULL,
	`transfer_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `local_transfer_reversals_key_unique` ON `local_transfer_reversals` (`idempotency_key`);--> statement-breakpoint
CREATE TABLE `local_transfers` (
	`id` text PRIMARY KEY NOT NULL,
	`idempotency_key` text NOT NULL,
	`destination` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`transfer_group` text,
	`reversed_cents` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `local_transfers_key_unique` ON `local_transfers` (`idempotency_key`);--> statement-breakpoint
CREATE TABLE `payout_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_kind` text NOT NULL,
	`owner_id` integer NOT NULL,
	`provider` text NOT NULL,
	`provider_account_id` text NOT NULL,
	`payouts_enabled` integer DEFAULT false NOT NULL,
	`requirement` text,
	`state_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payout_accounts_owner_unique` ON `payout_accounts` (`owner_kind`,`owner_id`,`provider`);--> statement-breakpoint
CREATE UNIQUE INDEX `payout_accounts_provider_unique` ON `payout_accounts` (`provider`,`provider_account_id`);--> statement-breakpoint
CREATE TABLE `payouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`kind` text NOT NULL,
	`owner_kind` text NOT NULL,
	`owner_id` integer NOT NULL,
	`payout_account_id` integer NOT NULL,
	`provider` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`provider_transfer_id` text,
	`idempotency_key` text NOT NULL,
	`failure_reason` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`reversed_cents` integer DEFAULT 0 NOT NULL,
	`paid_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`payout_account_id`) REFERENCES `payout_accounts`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_booking_kind_unique` ON `payouts` (`booking_id`,`kind`);--> statement-breakpoint
CREATE INDEX `payouts_owner_idx` ON `payouts` (`owner_kind`,`owner_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payouts_status_idx` ON `payouts` (`status`,`updated_at`);