CREATE TABLE `school_versions` (
	`school_id` text PRIMARY KEY NOT NULL,
	`students` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX `users_school_role_idx`;
--> statement-breakpoint
CREATE INDEX `users_school_role_name_idx` ON `users` (`school_id`,`role`,`name`,`id`);
--> statement-breakpoint
-- Hand-written below the table: the triggers that move a school's version with every write to what its
-- student lists show, inside the statement that writes (so a restore, an import or the seed move it too).
CREATE TRIGGER `students_version_insert` AFTER INSERT ON `students` FOR EACH ROW
BEGIN
  INSERT INTO `school_versions` (`school_id`, `students`) VALUES (NEW.`school_id`, 1)
    ON CONFLICT (`school_id`) DO UPDATE SET `students` = `students` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `students_version_update` AFTER UPDATE ON `students` FOR EACH ROW
BEGIN
  INSERT INTO `school_versions` (`school_id`, `students`) VALUES (NEW.`school_id`, 1)
    ON CONFLICT (`school_id`) DO UPDATE SET `students` = `students` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `students_version_delete` AFTER DELETE ON `students` FOR EACH ROW
BEGIN
  INSERT INTO `school_versions` (`school_id`, `students`) VALUES (OLD.`school_id`, 1)
    ON CONFLICT (`school_id`) DO UPDATE SET `students` = `students` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `users_version_update` AFTER UPDATE OF `name`, `email`, `phone` ON `users` FOR EACH ROW
BEGIN
  INSERT INTO `school_versions` (`school_id`, `students`) VALUES (NEW.`school_id`, 1)
    ON CONFLICT (`school_id`) DO UPDATE SET `students` = `students` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `classes_version_update` AFTER UPDATE OF `name`, `section` ON `classes` FOR EACH ROW
BEGIN
  INSERT INTO `school_versions` (`school_id`, `students`) VALUES (NEW.`school_id`, 1)
    ON CONFLICT (`school_id`) DO UPDATE SET `students` = `students` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `student_parents_version_insert` AFTER INSERT ON `student_parents` FOR EACH ROW
BEGIN
  INSERT INTO `school_versions` (`school_id`, `students`) VALUES (NEW.`school_id`, 1)
    ON CONFLICT (`school_id`) DO UPDATE SET `students` = `students` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `student_parents_version_update` AFTER UPDATE ON `student_parents` FOR EACH ROW
BEGIN
  INSERT INTO `school_versions` (`school_id`, `students`) VALUES (NEW.`school_id`, 1)
    ON CONFLICT (`school_id`) DO UPDATE SET `students` = `students` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `student_parents_version_delete` AFTER DELETE ON `student_parents` FOR EACH ROW
BEGIN
  INSERT INTO `school_versions` (`school_id`, `students`) VALUES (OLD.`school_id`, 1)
    ON CONFLICT (`school_id`) DO UPDATE SET `students` = `students` + 1;
END;
