DROP INDEX `fee_collections_school_student_idx`;--> statement-breakpoint
CREATE INDEX `fee_collections_school_student_idx` ON `fee_collections` (`school_id`,`student_id`,`structure_id`,`amount_minor`);--> statement-breakpoint
DROP INDEX `students_school_admission_date_idx`;--> statement-breakpoint
CREATE INDEX `students_school_admission_date_idx` ON `students` (`school_id`,`admission_date`,`created_at`);--> statement-breakpoint
CREATE INDEX `student_attendance_school_date_status_idx` ON `student_attendance` (`school_id`,`date`,`status`);