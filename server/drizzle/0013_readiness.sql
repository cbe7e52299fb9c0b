CREATE TABLE `readiness` (
	`id` integer PRIMARY KEY NOT NULL,
	`checked_at` integer NOT NULL
);
