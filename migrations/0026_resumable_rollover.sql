CREATE TABLE `rollover_parts` (
	`school_id` text NOT NULL,
	`rollover_id` text NOT NULL,
	`seq` integer NOT NULL,
	`target` text NOT NULL,
	`rows` text NOT NULL,
	PRIMARY KEY(`rollover_id`, `seq`),
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rollover_id`) REFERENCES `rollovers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `rollovers` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`from_year` text NOT NULL,
	`to_year` text NOT NULL,
	`fingerprint` text NOT NULL,
	`state` text NOT NULL,
	`step` integer NOT NULL,
	`steps` integer NOT NULL,
	`started_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`started_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rollovers_school_year_unique` ON `rollovers` (`school_id`,`to_year`);--> statement-breakpoint
-- Hand-written from here: the fence triggers every table holding a school's rows has (migration 0015).
CREATE TRIGGER `rollovers_fence_insert` BEFORE INSERT ON `rollovers` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = NEW.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `rollovers_fence_update` BEFORE UPDATE ON `rollovers` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = OLD.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `rollovers_fence_delete` BEFORE DELETE ON `rollovers` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = OLD.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `rollover_parts_fence_insert` BEFORE INSERT ON `rollover_parts` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = NEW.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `rollover_parts_fence_update` BEFORE UPDATE ON `rollover_parts` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = OLD.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `rollover_parts_fence_delete` BEFORE DELETE ON `rollover_parts` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = OLD.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
