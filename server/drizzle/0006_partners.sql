ALTER TABLE `bookings` ADD `partner_commission_bps` integer;--> statement-breakpoint
ALTER TABLE `bookings` ADD `utm` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `guest_name` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `guest_phone` text;--> statement-breakpoint
ALTER TABLE `chat_sessions` ADD `utm` text;--> statement-breakpoint
ALTER TABLE `partners` ADD `commission_rate_bps` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `partners` ADD `rate_limit_per_minute` integer DEFAULT 600 NOT NULL;