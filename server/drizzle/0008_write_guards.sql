CREATE TABLE `write_guards` (
	`refusal` text NOT NULL,
	CONSTRAINT "slot_taken" CHECK("write_guards"."refusal" <> 'slot_taken'),
	CONSTRAINT "too_many_unpaid_bookings" CHECK("write_guards"."refusal" <> 'too_many_unpaid_bookings'),
	CONSTRAINT "cleaner_changed" CHECK("write_guards"."refusal" <> 'cleaner_changed'),
	CONSTRAINT "schedule_changed" CHECK("write_guards"."refusal" <> 'schedule_changed'),
	CONSTRAINT "service_changed" CHECK("write_guards"."refusal" <> 'service_changed'),
	CONSTRAINT "partner_changed" CHECK("write_guards"."refusal" <> 'partner_changed')
);
