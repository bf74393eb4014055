CREATE TABLE `push_subscriptions` (
	`endpoint` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`user_id` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `push_subscriptions_user_idx` ON `push_subscriptions` (`user_id`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_school_idx` ON `push_subscriptions` (`school_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `channels_off` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written from here: the fence triggers every table holding a school's rows has (migration 0015).
CREATE TRIGGER `push_subscriptions_fence_insert` BEFORE INSERT ON `push_subscriptions` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = NEW.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `push_subscriptions_fence_update` BEFORE UPDATE ON `push_subscriptions` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = OLD.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `push_subscriptions_fence_delete` BEFORE DELETE ON `push_subscriptions` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = OLD.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
