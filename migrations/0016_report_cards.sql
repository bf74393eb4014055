CREATE TABLE `report_publications` (
	`school_id` text NOT NULL,
	`class_id` text NOT NULL,
	`term_id` text NOT NULL,
	`published_by` text,
	`published_at` text NOT NULL,
	PRIMARY KEY(`school_id`, `class_id`, `term_id`),
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`class_id`) REFERENCES `classes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`term_id`) REFERENCES `terms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`published_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `schools` ADD `rank_students` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written from here: the fence triggers every table holding a school's rows has (migration 0015).
CREATE TRIGGER `report_publications_fence_insert` BEFORE INSERT ON `report_publications` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = NEW.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `report_publications_fence_update` BEFORE UPDATE ON `report_publications` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = OLD.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `report_publications_fence_delete` BEFORE DELETE ON `report_publications` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = OLD.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
