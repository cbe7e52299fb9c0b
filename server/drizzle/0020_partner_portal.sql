CREATE TABLE `partner_invites` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`partner_id` integer NOT NULL,
	`email` text NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by_user_id` integer,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`accepted_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`accepted_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `partner_invites_token_unique` ON `partner_invites` (`token_hash`);--> statement-breakpoint
CREATE INDEX `partner_invites_partner_idx` ON `partner_invites` (`partner_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `partner_members` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`partner_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`invited_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `partner_members_unique` ON `partner_members` (`partner_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `partner_members_user_idx` ON `partner_members` (`user_id`);--> statement-breakpoint
ALTER TABLE `partners` ADD `previous_key` text;--> statement-breakpoint
ALTER TABLE `partners` ADD `previous_key_expires_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `partners_previous_key_unique` ON `partners` (`previous_key`) WHERE "partners"."previous_key" is not null;