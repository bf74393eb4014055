DROP INDEX `push_subscriptions_user_idx`;--> statement-breakpoint
DROP INDEX `push_subscriptions_school_idx`;--> statement-breakpoint
CREATE INDEX `push_subscriptions_school_user_idx` ON `push_subscriptions` (`school_id`,`user_id`);