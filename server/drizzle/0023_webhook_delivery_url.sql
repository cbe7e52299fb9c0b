-- A delivery keeps the URL it was sent to (decision 084). SQLite adds a NOT NULL column only with a
-- default; every row is then given its endpoint's URL, the best record there is of where it went.
ALTER TABLE `partner_webhook_deliveries` ADD `url` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `partner_webhook_deliveries` SET `url` = coalesce((SELECT `url` FROM `partner_webhook_endpoints` WHERE `partner_webhook_endpoints`.`id` = `partner_webhook_deliveries`.`endpoint_id`), '');
