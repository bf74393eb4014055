CREATE TABLE `employee_attendance` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`employee_id` text NOT NULL,
	`date` text NOT NULL,
	`status` text NOT NULL,
	`remarks` text,
	`marked_by` text,
	`marked_at` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`marked_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `employee_attendance_mark_unique` ON `employee_attendance` (`school_id`,`employee_id`,`date`);--> statement-breakpoint
CREATE INDEX `employee_attendance_school_date_idx` ON `employee_attendance` (`school_id`,`date`);--> statement-breakpoint
CREATE TABLE `student_attendance` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`student_id` text NOT NULL,
	`class_id` text NOT NULL,
	`subject_id` text NOT NULL,
	`teacher_id` text,
	`date` text NOT NULL,
	`status` text NOT NULL,
	`remarks` text,
	`marked_by` text,
	`marked_at` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`class_id`) REFERENCES `classes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subject_id`) REFERENCES `subjects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`teacher_id`) REFERENCES `teachers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`marked_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `student_attendance_mark_unique` ON `student_attendance` (`school_id`,`student_id`,`subject_id`,`date`);--> statement-breakpoint
CREATE INDEX `student_attendance_school_class_date_idx` ON `student_attendance` (`school_id`,`class_id`,`date`);--> statement-breakpoint
CREATE INDEX `student_attendance_school_date_idx` ON `student_attendance` (`school_id`,`date`,`status`);--> statement-breakpoint
CREATE TABLE `teacher_attendance` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`teacher_id` text NOT NULL,
	`date` text NOT NULL,
	`status` text NOT NULL,
	`remarks` text,
	`check_in_time` text,
	`check_out_time` text,
	`marked_by` text,
	`marked_at` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`teacher_id`) REFERENCES `teachers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`marked_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `teacher_attendance_mark_unique` ON `teacher_attendance` (`school_id`,`teacher_id`,`date`);--> statement-breakpoint
CREATE INDEX `teacher_attendance_school_date_idx` ON `teacher_attendance` (`school_id`,`date`);--> statement-breakpoint
CREATE TABLE `important_date_classes` (
	`school_id` text NOT NULL,
	`important_date_id` text NOT NULL,
	`class_id` text NOT NULL,
	PRIMARY KEY(`important_date_id`, `class_id`),
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`important_date_id`) REFERENCES `important_dates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`class_id`) REFERENCES `classes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `important_date_classes_school_class_idx` ON `important_date_classes` (`school_id`,`class_id`);--> statement-breakpoint
CREATE TABLE `important_dates` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`date` text NOT NULL,
	`type` text DEFAULT 'event' NOT NULL,
	`priority` text DEFAULT 'medium' NOT NULL,
	`apply_to_all_classes` integer DEFAULT true NOT NULL,
	`start_time` text,
	`end_time` text,
	`location` text,
	`created_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `important_dates_school_date_idx` ON `important_dates` (`school_id`,`date`);--> statement-breakpoint
CREATE TABLE `classes` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`name` text NOT NULL,
	`section` text NOT NULL,
	`teacher_id` text,
	`capacity` integer NOT NULL,
	`room` text,
	`academic_year` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`teacher_id`) REFERENCES `teachers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `classes_school_year_name_section_unique` ON `classes` (`school_id`,`academic_year`,`name`,`section`);--> statement-breakpoint
CREATE INDEX `classes_school_teacher_idx` ON `classes` (`school_id`,`teacher_id`);--> statement-breakpoint
CREATE TABLE `schedules` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`teacher_id` text NOT NULL,
	`class_id` text NOT NULL,
	`subject_id` text NOT NULL,
	`day_of_week` text NOT NULL,
	`start_time` text NOT NULL,
	`end_time` text NOT NULL,
	`room` text,
	`academic_year` text NOT NULL,
	`semester` text NOT NULL,
	`notes` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`teacher_id`) REFERENCES `teachers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`class_id`) REFERENCES `classes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subject_id`) REFERENCES `subjects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `schedules_school_teacher_day_idx` ON `schedules` (`school_id`,`academic_year`,`teacher_id`,`day_of_week`);--> statement-breakpoint
CREATE INDEX `schedules_school_class_day_idx` ON `schedules` (`school_id`,`academic_year`,`class_id`,`day_of_week`);--> statement-breakpoint
CREATE INDEX `schedules_school_room_day_idx` ON `schedules` (`school_id`,`academic_year`,`room`,`day_of_week`);--> statement-breakpoint
CREATE TABLE `subject_categories` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subject_categories_school_name_unique` ON `subject_categories` (`school_id`,`name`);--> statement-breakpoint
CREATE TABLE `subject_teachers` (
	`school_id` text NOT NULL,
	`subject_id` text NOT NULL,
	`teacher_id` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`subject_id`, `teacher_id`),
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subject_id`) REFERENCES `subjects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`teacher_id`) REFERENCES `teachers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `subject_teachers_school_teacher_idx` ON `subject_teachers` (`school_id`,`teacher_id`);--> statement-breakpoint
CREATE TABLE `subjects` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`name` text NOT NULL,
	`code` text,
	`description` text,
	`class_id` text,
	`teacher_id` text,
	`category_id` text,
	`credits` integer DEFAULT 1 NOT NULL,
	`type` text DEFAULT 'core' NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`class_id`) REFERENCES `classes`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`teacher_id`) REFERENCES `teachers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`category_id`) REFERENCES `subject_categories`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `subjects_school_class_idx` ON `subjects` (`school_id`,`class_id`);--> statement-breakpoint
CREATE INDEX `subjects_school_teacher_idx` ON `subjects` (`school_id`,`teacher_id`);--> statement-breakpoint
CREATE INDEX `subjects_school_category_idx` ON `subjects` (`school_id`,`category_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `subjects_school_class_name_unique` ON `subjects` (`school_id`,`class_id`,`name`);--> statement-breakpoint
CREATE TABLE `fee_categories` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fee_categories_school_name_unique` ON `fee_categories` (`school_id`,`name`);--> statement-breakpoint
CREATE TABLE `fee_collections` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`student_id` text NOT NULL,
	`structure_id` text NOT NULL,
	`receipt_id` text,
	`amount_minor` integer NOT NULL,
	`method` text NOT NULL,
	`paid_on` text NOT NULL,
	`reference` text,
	`remarks` text,
	`collected_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`structure_id`) REFERENCES `fee_structures`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`receipt_id`) REFERENCES `fee_receipts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`collected_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `fee_collections_school_student_idx` ON `fee_collections` (`school_id`,`student_id`);--> statement-breakpoint
CREATE INDEX `fee_collections_school_structure_idx` ON `fee_collections` (`school_id`,`structure_id`);--> statement-breakpoint
CREATE INDEX `fee_collections_school_paid_on_idx` ON `fee_collections` (`school_id`,`paid_on`);--> statement-breakpoint
CREATE TABLE `fee_receipts` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`number` integer NOT NULL,
	`student_id` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`issued_on` text NOT NULL,
	`issued_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`issued_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fee_receipts_school_number_unique` ON `fee_receipts` (`school_id`,`number`);--> statement-breakpoint
CREATE INDEX `fee_receipts_school_student_idx` ON `fee_receipts` (`school_id`,`student_id`);--> statement-breakpoint
CREATE TABLE `fee_structures` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`class_id` text NOT NULL,
	`category_id` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`due_date` text NOT NULL,
	`frequency` text DEFAULT 'one-time' NOT NULL,
	`academic_year` text NOT NULL,
	`description` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`class_id`) REFERENCES `classes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `fee_categories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `fee_structures_school_class_idx` ON `fee_structures` (`school_id`,`class_id`);--> statement-breakpoint
CREATE INDEX `fee_structures_school_category_idx` ON `fee_structures` (`school_id`,`category_id`);--> statement-breakpoint
CREATE TABLE `departments` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `departments_school_name_unique` ON `departments` (`school_id`,`name`);--> statement-breakpoint
CREATE TABLE `employees` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`name` text NOT NULL,
	`position` text NOT NULL,
	`department_id` text NOT NULL,
	`email` text,
	`phone` text,
	`salary_minor` integer DEFAULT 0 NOT NULL,
	`joined_on` text,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `employees_school_department_idx` ON `employees` (`school_id`,`department_id`);--> statement-breakpoint
CREATE INDEX `employees_school_status_idx` ON `employees` (`school_id`,`status`);--> statement-breakpoint
CREATE TABLE `parents` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`user_id` text NOT NULL,
	`occupation` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `parents_user_unique` ON `parents` (`user_id`);--> statement-breakpoint
CREATE INDEX `parents_school_idx` ON `parents` (`school_id`);--> statement-breakpoint
CREATE TABLE `student_parents` (
	`school_id` text NOT NULL,
	`student_id` text NOT NULL,
	`parent_id` text NOT NULL,
	`relation` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`student_id`, `parent_id`),
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `parents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `student_parents_relation_unique` ON `student_parents` (`school_id`,`student_id`,`relation`);--> statement-breakpoint
CREATE INDEX `student_parents_school_parent_idx` ON `student_parents` (`school_id`,`parent_id`);--> statement-breakpoint
CREATE TABLE `students` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`user_id` text NOT NULL,
	`class_id` text,
	`roll_number` text NOT NULL,
	`admission_number` text NOT NULL,
	`date_of_birth` text NOT NULL,
	`gender` text NOT NULL,
	`admission_date` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`address_street` text,
	`address_city` text,
	`address_state` text,
	`address_zip` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`class_id`) REFERENCES `classes`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `students_user_unique` ON `students` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `students_school_admission_unique` ON `students` (`school_id`,`admission_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `students_school_class_roll_unique` ON `students` (`school_id`,`class_id`,`roll_number`);--> statement-breakpoint
CREATE INDEX `students_school_status_idx` ON `students` (`school_id`,`status`);--> statement-breakpoint
CREATE INDEX `students_school_admission_date_idx` ON `students` (`school_id`,`admission_date`);--> statement-breakpoint
CREATE TABLE `teachers` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`user_id` text NOT NULL,
	`department` text DEFAULT 'Teaching' NOT NULL,
	`designation` text,
	`qualification` text,
	`experience_years` integer DEFAULT 0 NOT NULL,
	`salary_minor` integer DEFAULT 0 NOT NULL,
	`date_of_birth` text,
	`gender` text,
	`subjects` text DEFAULT '[]' NOT NULL,
	`address_street` text,
	`address_city` text,
	`address_state` text,
	`address_zip` text,
	`joined_on` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `teachers_user_unique` ON `teachers` (`user_id`);--> statement-breakpoint
CREATE INDEX `teachers_school_active_idx` ON `teachers` (`school_id`,`is_active`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`role` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`phone` text,
	`is_active` integer DEFAULT true NOT NULL,
	`token_version` integer DEFAULT 0 NOT NULL,
	`last_login_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_school_role_idx` ON `users` (`school_id`,`role`);--> statement-breakpoint
CREATE TABLE `complaints` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`category` text,
	`initiated_by` text NOT NULL,
	`date` text NOT NULL,
	`priority` text DEFAULT 'medium' NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`logged_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`logged_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `complaints_school_date_idx` ON `complaints` (`school_id`,`date`);--> statement-breakpoint
CREATE TABLE `documents` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`owner_type` text NOT NULL,
	`owner_id` text NOT NULL,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`storage_key` text NOT NULL,
	`uploaded_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `documents_school_owner_idx` ON `documents` (`school_id`,`owner_type`,`owner_id`);--> statement-breakpoint
CREATE TABLE `transfer_certificates` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`student_id` text NOT NULL,
	`number` integer NOT NULL,
	`reason` text NOT NULL,
	`leaving_date` text NOT NULL,
	`conduct` text NOT NULL,
	`remarks` text,
	`issued_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`issued_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `transfer_certificates_school_number_unique` ON `transfer_certificates` (`school_id`,`number`);--> statement-breakpoint
CREATE INDEX `transfer_certificates_school_student_idx` ON `transfer_certificates` (`school_id`,`student_id`);--> statement-breakpoint
CREATE TABLE `schools` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`code` text NOT NULL,
	`email` text,
	`phone` text,
	`address` text,
	`website` text,
	`academic_board` text,
	`academic_year` text DEFAULT '2024-2025' NOT NULL,
	`semester` text DEFAULT 'Annual' NOT NULL,
	`time_zone` text DEFAULT 'UTC' NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `schools_code_unique` ON `schools` (`code`);--> statement-breakpoint
CREATE TABLE `activity_logs` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`user_id` text,
	`user_name` text,
	`action` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text,
	`summary` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `activity_logs_school_created_idx` ON `activity_logs` (`school_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `activity_logs_school_entity_idx` ON `activity_logs` (`school_id`,`entity`,`entity_id`);--> statement-breakpoint
CREATE TABLE `backups` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`storage_key` text NOT NULL,
	`size` integer NOT NULL,
	`row_counts` text NOT NULL,
	`note` text,
	`created_by` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `backups_school_created_idx` ON `backups` (`school_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `revoked_sessions` (
	`jti` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` text NOT NULL,
	`revoked_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `revoked_sessions_expires_idx` ON `revoked_sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `sign_in_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`attempted_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sign_in_attempts_email_time_idx` ON `sign_in_attempts` (`email`,`attempted_at`);