CREATE TABLE `school_shards` (
	`school_id` text PRIMARY KEY NOT NULL,
	`shard` integer NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `school_shards_shard_idx` ON `school_shards` (`shard`);--> statement-breakpoint
CREATE TABLE `sign_in_emails` (
	`email` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sign_in_emails_school_idx` ON `sign_in_emails` (`school_id`);--> statement-breakpoint
-- Written by hand: the one database of a platform so far is its directory and its only shard (0).
INSERT INTO `school_shards` (`school_id`, `shard`, `created_at`) SELECT `id`, 0, `created_at` FROM `schools`;
--> statement-breakpoint
INSERT INTO `sign_in_emails` (`email`, `school_id`) SELECT `email`, `school_id` FROM `users`;
