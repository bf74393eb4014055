DROP INDEX `student_attendance_mark_unique`;--> statement-breakpoint
DROP INDEX `student_attendance_school_date_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `student_attendance_mark_unique` ON `student_attendance` (`school_id`,`student_id`,`date`,`subject_id`);--> statement-breakpoint
CREATE INDEX `student_attendance_school_date_idx` ON `student_attendance` (`school_id`,`date`,`student_id`,`status`);