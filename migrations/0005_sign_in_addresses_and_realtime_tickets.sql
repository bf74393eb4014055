CREATE TABLE `realtime_tickets` (
	`ticket_hash` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`user_id` text NOT NULL,
	`jti` text NOT NULL,
	`token_version` integer NOT NULL,
	`session_expires_at` integer NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `realtime_tickets_expires_idx` ON `realtime_tickets` (`expires_at`);--> statement-breakpoint
ALTER TABLE `sign_in_attempts` ADD `client_ip` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `sign_in_attempts_ip_time_idx` ON `sign_in_attempts` (`client_ip`,`attempted_at`);--> statement-breakpoint
CREATE INDEX `sign_in_attempts_time_idx` ON `sign_in_attempts` (`attempted_at`);