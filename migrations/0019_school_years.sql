CREATE TABLE `enrolments` (
	`school_id` text NOT NULL,
	`student_id` text NOT NULL,
	`academic_year` text NOT NULL,
	`class_id` text,
	`roll_number` text NOT NULL,
	`outcome` text NOT NULL,
	`next_class_id` text,
	`next_roll_number` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`student_id`, `academic_year`),
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`class_id`) REFERENCES `classes`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`next_class_id`) REFERENCES `classes`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `enrolments_school_year_class_idx` ON `enrolments` (`school_id`,`academic_year`,`class_id`);--> statement-breakpoint
CREATE TABLE `school_years` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`name` text NOT NULL,
	`starts_on` text NOT NULL,
	`ends_on` text NOT NULL,
	`rolled_from` text,
	`rolled_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rolled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `school_years_school_name_unique` ON `school_years` (`school_id`,`name`);--> statement-breakpoint
-- Hand-written from here: the fence triggers every table holding a school's rows has (migration 0015).
CREATE TRIGGER `school_years_fence_insert` BEFORE INSERT ON `school_years` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = NEW.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `school_years_fence_update` BEFORE UPDATE ON `school_years` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = OLD.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `school_years_fence_delete` BEFORE DELETE ON `school_years` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = OLD.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `enrolments_fence_insert` BEFORE INSERT ON `enrolments` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = NEW.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `enrolments_fence_update` BEFORE UPDATE ON `enrolments` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = OLD.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `enrolments_fence_delete` BEFORE DELETE ON `enrolments` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = OLD.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
