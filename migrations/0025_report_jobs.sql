CREATE TABLE `report_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`requested_by` text,
	`name` text NOT NULL,
	`format` text NOT NULL,
	`state` text DEFAULT 'running' NOT NULL,
	`parts_done` integer DEFAULT 0 NOT NULL,
	`parts_total` integer NOT NULL,
	`rows` integer NOT NULL,
	`storage_key` text,
	`size` integer,
	`error` text,
	`expires_at` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `report_jobs_school_expires_idx` ON `report_jobs` (`school_id`,`expires_at`);--> statement-breakpoint
-- Hand-written from here: the fence triggers every table holding a school's rows has (migration 0015).
CREATE TRIGGER `report_jobs_fence_insert` BEFORE INSERT ON `report_jobs` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = NEW.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `report_jobs_fence_update` BEFORE UPDATE ON `report_jobs` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = OLD.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `report_jobs_fence_delete` BEFORE DELETE ON `report_jobs` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = OLD.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
