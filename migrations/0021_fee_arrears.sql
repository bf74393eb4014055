CREATE TABLE `fee_arrears` (
	`school_id` text NOT NULL,
	`student_id` text NOT NULL,
	`structure_id` text NOT NULL,
	`instalment` integer NOT NULL,
	`academic_year` text NOT NULL,
	PRIMARY KEY(`student_id`, `structure_id`, `instalment`),
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`structure_id`) REFERENCES `fee_structures`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `fee_arrears_structure_idx` ON `fee_arrears` (`structure_id`);--> statement-breakpoint
CREATE INDEX `fee_arrears_school_year_idx` ON `fee_arrears` (`school_id`,`academic_year`);--> statement-breakpoint
-- Hand-written below the table: the move fence of `fee_arrears`, the view `fee_owed` with a second part (each
-- past year's instalment a student still owed when moved on, kept in `fee_dues` beside their class's fees), and
-- the triggers that lay an arrears row out or take it back.
CREATE TRIGGER `fee_arrears_fence_insert` BEFORE INSERT ON `fee_arrears` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = NEW.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `fee_arrears_fence_update` BEFORE UPDATE ON `fee_arrears` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = OLD.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
CREATE TRIGGER `fee_arrears_fence_delete` BEFORE DELETE ON `fee_arrears` FOR EACH ROW WHEN EXISTS (SELECT 1 FROM `school_fences` WHERE `school_id` = OLD.`school_id` AND `state` <> 'purging')
BEGIN SELECT RAISE(ABORT, 'school-moving'); END;
--> statement-breakpoint
DROP VIEW `fee_owed`;
--> statement-breakpoint
CREATE VIEW `fee_owed` AS
SELECT `s`.`id` AS `student_id`, `fs`.`id` AS `structure_id`, `i`.`key` + 1 AS `instalment`, `s`.`school_id`,
  `s`.`class_id`, `i`.`value` AS `due_date`, `u`.`name` AS `student_name`, `fs`.`amount_minor`,
  coalesce((SELECT sum(`c`.`amount_minor`) FROM `fee_collections` AS `c`
    WHERE `c`.`school_id` = `s`.`school_id` AND `c`.`student_id` = `s`.`id` AND `c`.`structure_id` = `fs`.`id`
      AND `c`.`instalment` = `i`.`key` + 1), 0) AS `paid_minor`
FROM `students` AS `s`
JOIN `users` AS `u` ON `u`.`id` = `s`.`user_id`
JOIN `fee_structures` AS `fs` ON `fs`.`school_id` = `s`.`school_id` AND `fs`.`class_id` = `s`.`class_id`
JOIN json_each(coalesce(`fs`.`due_dates`, json_array(`fs`.`due_date`))) AS `i`
LEFT JOIN `fee_assignments` AS `a`
  ON `a`.`school_id` = `s`.`school_id` AND `a`.`structure_id` = `fs`.`id` AND `a`.`student_id` = `s`.`id`
WHERE `s`.`status` = 'active' AND (CASE WHEN `fs`.`optional` THEN `a`.`student_id` IS NOT NULL AND `i`.`value` >= `s`.`admission_date`
  ELSE `i`.`value` >= `s`.`admission_date` OR `a`.`student_id` IS NOT NULL END)
UNION ALL
-- Arrears: counted in the student's class of now, so their class's figures and dues list hold them. (`+` keeps
-- the planner on the student's key, not the school's index, when one student's rows are laid out.)
SELECT `s`.`id`, `fs`.`id`, `ar`.`instalment`, `s`.`school_id`, `s`.`class_id`, `i`.`value`, `u`.`name`,
  `fs`.`amount_minor`,
  coalesce((SELECT sum(`c`.`amount_minor`) FROM `fee_collections` AS `c`
    WHERE `c`.`school_id` = `s`.`school_id` AND `c`.`student_id` = `s`.`id` AND `c`.`structure_id` = `fs`.`id`
      AND `c`.`instalment` = `ar`.`instalment`), 0)
FROM `fee_arrears` AS `ar`
JOIN `students` AS `s` ON `s`.`id` = `ar`.`student_id` AND `s`.`school_id` = +`ar`.`school_id`
JOIN `users` AS `u` ON `u`.`id` = `s`.`user_id`
JOIN `fee_structures` AS `fs` ON `fs`.`id` = `ar`.`structure_id` AND `fs`.`school_id` = `ar`.`school_id`
JOIN json_each(coalesce(`fs`.`due_dates`, json_array(`fs`.`due_date`))) AS `i` ON `i`.`key` + 1 = `ar`.`instalment`
WHERE `s`.`status` = 'active' AND `fs`.`class_id` IS NOT `s`.`class_id`;
--> statement-breakpoint
-- An instalment carried into arrears: laid out only once the student is in another class (the rollover writes
-- arrears before it moves anyone, while the rows are still their class's; a restore writes them after).
CREATE TRIGGER `fee_arrears_dues_insert` AFTER INSERT ON `fee_arrears` FOR EACH ROW
  WHEN (SELECT `class_id` FROM `students` WHERE `id` = NEW.`student_id`)
    IS NOT (SELECT `class_id` FROM `fee_structures` WHERE `id` = NEW.`structure_id`)
BEGIN
  INSERT OR IGNORE INTO `fee_dues` (`student_id`, `structure_id`, `instalment`, `school_id`, `class_id`, `due_date`, `student_name`,
    `amount_minor`, `paid_minor`)
    SELECT `student_id`, `structure_id`, `instalment`, `school_id`, `class_id`, `due_date`, `student_name`, `amount_minor`,
    `paid_minor` FROM `fee_owed`
    WHERE `student_id` = NEW.`student_id` AND `structure_id` = NEW.`structure_id` AND `instalment` = NEW.`instalment`;
END;
--> statement-breakpoint
CREATE TRIGGER `fee_arrears_dues_delete` AFTER DELETE ON `fee_arrears` FOR EACH ROW
BEGIN
  DELETE FROM `fee_dues`
  WHERE `student_id` = OLD.`student_id` AND `structure_id` = OLD.`structure_id` AND `instalment` = OLD.`instalment`;
  INSERT INTO `fee_dues` (`student_id`, `structure_id`, `instalment`, `school_id`, `class_id`, `due_date`, `student_name`,
    `amount_minor`, `paid_minor`)
    SELECT `student_id`, `structure_id`, `instalment`, `school_id`, `class_id`, `due_date`, `student_name`, `amount_minor`,
    `paid_minor` FROM `fee_owed`
    WHERE `student_id` = OLD.`student_id` AND `structure_id` = OLD.`structure_id` AND `instalment` = OLD.`instalment`;
END;
