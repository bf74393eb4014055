CREATE TABLE `homework` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`class_id` text NOT NULL,
	`subject_id` text NOT NULL,
	`title` text NOT NULL,
	`instructions` text NOT NULL,
	`due_date` text NOT NULL,
	`due_time` text NOT NULL,
	`due_at` text NOT NULL,
	`max_score` integer,
	`assessment_id` integer,
	`created_by` text,
	`reminded_on` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`class_id`) REFERENCES `classes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subject_id`) REFERENCES `subjects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`assessment_id`) REFERENCES `assessments`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `homework_school_class_due_idx` ON `homework` (`school_id`,`class_id`,`due_at`);--> statement-breakpoint
CREATE INDEX `homework_school_due_idx` ON `homework` (`school_id`,`due_date`);--> statement-breakpoint
CREATE TABLE `homework_files` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`homework_id` text NOT NULL,
	`student_id` text,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`storage_key` text NOT NULL,
	`uploaded_by` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`homework_id`) REFERENCES `homework`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `homework_files_school_homework_idx` ON `homework_files` (`school_id`,`homework_id`,`student_id`);--> statement-breakpoint
CREATE TABLE `homework_submissions` (
	`school_id` text NOT NULL,
	`homework_id` text NOT NULL,
	`student_id` text NOT NULL,
	`body` text NOT NULL,
	`submitted_at` text NOT NULL,
	`late` integer NOT NULL,
	`score` integer,
	`feedback` text,
	`returned_at` text,
	`returned_by` text,
	PRIMARY KEY(`homework_id`, `student_id`),
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`homework_id`) REFERENCES `homework`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`returned_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `homework_submissions_school_student_idx` ON `homework_submissions` (`school_id`,`student_id`);--> statement-breakpoint
CREATE TABLE `student_tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`student_id` text NOT NULL,
	`title` text NOT NULL,
	`priority` integer NOT NULL,
	`status` integer NOT NULL,
	`due_date` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `student_tasks_school_student_idx` ON `student_tasks` (`school_id`,`student_id`,`status`);
--> statement-breakpoint
-- Hand-written from here: the fence triggers every table holding a school's rows has (migration 0015).
CREATE TRIGGER `homework_fence_insert` BEFORE INSERT ON `homework` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = NEW.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `homework_fence_update` BEFORE UPDATE ON `homework` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = OLD.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `homework_fence_delete` BEFORE DELETE ON `homework` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = OLD.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `homework_submissions_fence_insert` BEFORE INSERT ON `homework_submissions` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = NEW.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `homework_submissions_fence_update` BEFORE UPDATE ON `homework_submissions` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = OLD.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `homework_submissions_fence_delete` BEFORE DELETE ON `homework_submissions` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = OLD.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `homework_files_fence_insert` BEFORE INSERT ON `homework_files` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = NEW.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `homework_files_fence_update` BEFORE UPDATE ON `homework_files` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = OLD.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `homework_files_fence_delete` BEFORE DELETE ON `homework_files` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = OLD.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `student_tasks_fence_insert` BEFORE INSERT ON `student_tasks` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = NEW.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `student_tasks_fence_update` BEFORE UPDATE ON `student_tasks` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = OLD.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `student_tasks_fence_delete` BEFORE DELETE ON `student_tasks` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = OLD.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
