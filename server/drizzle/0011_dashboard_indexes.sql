DROP INDEX `bookings_customer_idx`;--> statement-breakpoint
CREATE INDEX `bookings_customer_idx` ON `bookings` (`customer_id`,`starts_at`,`id`,`status`);--> statement-breakpoint
CREATE INDEX `payments_customer_summary_idx` ON `payments` (`customer_id`,`status`,`amount_cents`,`refunded_cents`);