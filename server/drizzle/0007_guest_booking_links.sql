CREATE TABLE `guest_booking_links` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` integer NOT NULL,
	`email` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `guest_booking_links_booking_idx` ON `guest_booking_links` (`booking_id`);