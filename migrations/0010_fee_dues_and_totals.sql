CREATE TABLE `fee_dues` (
	`student_id` text NOT NULL,
	`structure_id` text NOT NULL,
	`instalment` integer NOT NULL,
	`school_id` text NOT NULL,
	`class_id` text NOT NULL,
	`due_date` text NOT NULL,
	`student_name` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`paid_minor` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`student_id`, `structure_id`, `instalment`),
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `fee_dues_structure_idx` ON `fee_dues` (`structure_id`);--> statement-breakpoint
CREATE INDEX `fee_dues_school_unpaid_idx` ON `fee_dues` (`school_id`,`due_date`,`student_name`,`structure_id`) WHERE amount_minor > paid_minor;--> statement-breakpoint
CREATE INDEX `fee_dues_class_unpaid_idx` ON `fee_dues` (`class_id`,`due_date`,`student_name`,`structure_id`) WHERE amount_minor > paid_minor;--> statement-breakpoint
CREATE TABLE `fee_student_totals` (
	`school_id` text NOT NULL,
	`student_id` text NOT NULL,
	`class_id` text NOT NULL,
	`instalments` integer DEFAULT 0 NOT NULL,
	`billed_minor` integer DEFAULT 0 NOT NULL,
	`paid_minor` integer DEFAULT 0 NOT NULL,
	`outstanding_minor` integer DEFAULT 0 NOT NULL,
	`unpaid` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`school_id`, `student_id`),
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `fee_student_totals_class_idx` ON `fee_student_totals` (`school_id`,`class_id`,`billed_minor`,`paid_minor`,`outstanding_minor`,`unpaid`);
--> statement-breakpoint
-- Hand-written below the tables: what is owed as a view, the rows it gives kept in `fee_dues` by triggers, and
-- each student's sums kept in `fee_student_totals`. The view is `owesSql` (worker/modules/fees/owed.ts) in SQL.
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
  ELSE `i`.`value` >= `s`.`admission_date` OR `a`.`student_id` IS NOT NULL END);
--> statement-breakpoint
-- What is owed today, then each student's sums, before the triggers exist (so nothing is counted twice).
INSERT INTO `fee_dues` (`student_id`, `structure_id`, `instalment`, `school_id`, `class_id`, `due_date`, `student_name`, `amount_minor`,
    `paid_minor`) SELECT `student_id`, `structure_id`, `instalment`, `school_id`, `class_id`, `due_date`, `student_name`, `amount_minor`,
    `paid_minor` FROM `fee_owed`;
--> statement-breakpoint
INSERT INTO `fee_student_totals` (`school_id`, `student_id`, `class_id`, `instalments`, `billed_minor`, `paid_minor`,
  `outstanding_minor`, `unpaid`)
SELECT `school_id`, `student_id`, max(`class_id`), count(*), sum(`amount_minor`), sum(`paid_minor`),
  sum(max(`amount_minor` - `paid_minor`, 0)), sum(`amount_minor` > `paid_minor`)
FROM `fee_dues` GROUP BY `school_id`, `student_id`;
--> statement-breakpoint
-- A payment, a refund or a corrected payment moves what its instalment has been paid.
CREATE TRIGGER `fee_collections_dues_insert` AFTER INSERT ON `fee_collections` FOR EACH ROW
BEGIN
  UPDATE `fee_dues` SET `paid_minor` = `paid_minor` + NEW.`amount_minor`
  WHERE `student_id` = NEW.`student_id` AND `structure_id` = NEW.`structure_id` AND `instalment` = NEW.`instalment`;
END;
--> statement-breakpoint
CREATE TRIGGER `fee_collections_dues_delete` AFTER DELETE ON `fee_collections` FOR EACH ROW
BEGIN
  UPDATE `fee_dues` SET `paid_minor` = `paid_minor` - OLD.`amount_minor`
  WHERE `student_id` = OLD.`student_id` AND `structure_id` = OLD.`structure_id` AND `instalment` = OLD.`instalment`;
END;
--> statement-breakpoint
CREATE TRIGGER `fee_collections_dues_update` AFTER UPDATE OF `amount_minor`, `student_id`, `structure_id`, `instalment`
  ON `fee_collections` FOR EACH ROW
BEGIN
  UPDATE `fee_dues` SET `paid_minor` = `paid_minor` - OLD.`amount_minor`
  WHERE `student_id` = OLD.`student_id` AND `structure_id` = OLD.`structure_id` AND `instalment` = OLD.`instalment`;
  UPDATE `fee_dues` SET `paid_minor` = `paid_minor` + NEW.`amount_minor`
  WHERE `student_id` = NEW.`student_id` AND `structure_id` = NEW.`structure_id` AND `instalment` = NEW.`instalment`;
END;
--> statement-breakpoint
-- A student enrolled, moved, admitted on another date, leaving or coming back: their rows are laid out again.
CREATE TRIGGER `students_fee_dues_insert` AFTER INSERT ON `students` FOR EACH ROW
BEGIN
  INSERT INTO `fee_dues` (`student_id`, `structure_id`, `instalment`, `school_id`, `class_id`, `due_date`, `student_name`, `amount_minor`,
    `paid_minor`)
    SELECT `student_id`, `structure_id`, `instalment`, `school_id`, `class_id`, `due_date`, `student_name`, `amount_minor`,
    `paid_minor` FROM `fee_owed` WHERE `student_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `students_fee_dues_update` AFTER UPDATE OF `status`, `class_id`, `admission_date` ON `students` FOR EACH ROW
  WHEN OLD.`status` IS NOT NEW.`status` OR OLD.`class_id` IS NOT NEW.`class_id`
    OR OLD.`admission_date` IS NOT NEW.`admission_date`
BEGIN
  DELETE FROM `fee_dues` WHERE `student_id` = NEW.`id`;
  INSERT INTO `fee_dues` (`student_id`, `structure_id`, `instalment`, `school_id`, `class_id`, `due_date`, `student_name`, `amount_minor`,
    `paid_minor`)
    SELECT `student_id`, `structure_id`, `instalment`, `school_id`, `class_id`, `due_date`, `student_name`, `amount_minor`,
    `paid_minor` FROM `fee_owed` WHERE `student_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `students_fee_dues_delete` AFTER DELETE ON `students` FOR EACH ROW
BEGIN
  DELETE FROM `fee_dues` WHERE `student_id` = OLD.`id`;
END;
--> statement-breakpoint
-- A student renamed: the dues list orders by name.
CREATE TRIGGER `users_fee_dues_name` AFTER UPDATE OF `name` ON `users` FOR EACH ROW
  WHEN OLD.`name` IS NOT NEW.`name` AND NEW.`role` = 'student'
BEGIN
  UPDATE `fee_dues` SET `student_name` = NEW.`name`
  WHERE `student_id` = (SELECT `id` FROM `students` WHERE `user_id` = NEW.`id`);
END;
--> statement-breakpoint
-- A fee added, changed (class, amount, due dates, optional) or deleted: its rows are laid out again.
CREATE TRIGGER `fee_structures_dues_insert` AFTER INSERT ON `fee_structures` FOR EACH ROW
BEGIN
  INSERT INTO `fee_dues` (`student_id`, `structure_id`, `instalment`, `school_id`, `class_id`, `due_date`, `student_name`, `amount_minor`,
    `paid_minor`)
    SELECT `student_id`, `structure_id`, `instalment`, `school_id`, `class_id`, `due_date`, `student_name`, `amount_minor`,
    `paid_minor` FROM `fee_owed` WHERE `structure_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `fee_structures_dues_update`
  AFTER UPDATE OF `class_id`, `amount_minor`, `due_date`, `due_dates`, `optional` ON `fee_structures` FOR EACH ROW
  WHEN OLD.`class_id` IS NOT NEW.`class_id` OR OLD.`amount_minor` IS NOT NEW.`amount_minor`
    OR OLD.`due_date` IS NOT NEW.`due_date` OR OLD.`due_dates` IS NOT NEW.`due_dates` OR OLD.`optional` IS NOT NEW.`optional`
BEGIN
  DELETE FROM `fee_dues` WHERE `structure_id` = NEW.`id`;
  INSERT INTO `fee_dues` (`student_id`, `structure_id`, `instalment`, `school_id`, `class_id`, `due_date`, `student_name`, `amount_minor`,
    `paid_minor`)
    SELECT `student_id`, `structure_id`, `instalment`, `school_id`, `class_id`, `due_date`, `student_name`, `amount_minor`,
    `paid_minor` FROM `fee_owed` WHERE `structure_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `fee_structures_dues_delete` AFTER DELETE ON `fee_structures` FOR EACH ROW
BEGIN
  DELETE FROM `fee_dues` WHERE `structure_id` = OLD.`id`;
END;
--> statement-breakpoint
-- A student assigned to a fee or taken off it.
CREATE TRIGGER `fee_assignments_dues_insert` AFTER INSERT ON `fee_assignments` FOR EACH ROW
BEGIN
  DELETE FROM `fee_dues` WHERE `student_id` = NEW.`student_id` AND `structure_id` = NEW.`structure_id`;
  INSERT INTO `fee_dues` (`student_id`, `structure_id`, `instalment`, `school_id`, `class_id`, `due_date`, `student_name`, `amount_minor`,
    `paid_minor`)
    SELECT `student_id`, `structure_id`, `instalment`, `school_id`, `class_id`, `due_date`, `student_name`, `amount_minor`,
    `paid_minor` FROM `fee_owed` WHERE `student_id` = NEW.`student_id` AND `structure_id` = NEW.`structure_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `fee_assignments_dues_delete` AFTER DELETE ON `fee_assignments` FOR EACH ROW
BEGIN
  DELETE FROM `fee_dues` WHERE `student_id` = OLD.`student_id` AND `structure_id` = OLD.`structure_id`;
  INSERT INTO `fee_dues` (`student_id`, `structure_id`, `instalment`, `school_id`, `class_id`, `due_date`, `student_name`, `amount_minor`,
    `paid_minor`)
    SELECT `student_id`, `structure_id`, `instalment`, `school_id`, `class_id`, `due_date`, `student_name`, `amount_minor`,
    `paid_minor` FROM `fee_owed` WHERE `student_id` = OLD.`student_id` AND `structure_id` = OLD.`structure_id`;
END;
--> statement-breakpoint
-- Each student's sums follow their rows; a student who owes nothing has none.
CREATE TRIGGER `fee_dues_totals_insert` AFTER INSERT ON `fee_dues` FOR EACH ROW
BEGIN
  INSERT INTO `fee_student_totals` (`school_id`, `student_id`, `class_id`, `instalments`, `billed_minor`, `paid_minor`,
    `outstanding_minor`, `unpaid`)
  VALUES (NEW.`school_id`, NEW.`student_id`, NEW.`class_id`, 1, NEW.`amount_minor`, NEW.`paid_minor`,
    max(NEW.`amount_minor` - NEW.`paid_minor`, 0), NEW.`amount_minor` > NEW.`paid_minor`)
  ON CONFLICT (`school_id`, `student_id`) DO UPDATE SET `class_id` = excluded.`class_id`,
    `instalments` = `instalments` + 1, `billed_minor` = `billed_minor` + excluded.`billed_minor`,
    `paid_minor` = `paid_minor` + excluded.`paid_minor`,
    `outstanding_minor` = `outstanding_minor` + excluded.`outstanding_minor`, `unpaid` = `unpaid` + excluded.`unpaid`;
END;
--> statement-breakpoint
CREATE TRIGGER `fee_dues_totals_update` AFTER UPDATE OF `amount_minor`, `paid_minor` ON `fee_dues` FOR EACH ROW
BEGIN
  UPDATE `fee_student_totals` SET `billed_minor` = `billed_minor` + NEW.`amount_minor` - OLD.`amount_minor`,
    `paid_minor` = `paid_minor` + NEW.`paid_minor` - OLD.`paid_minor`,
    `outstanding_minor` = `outstanding_minor` + max(NEW.`amount_minor` - NEW.`paid_minor`, 0)
      - max(OLD.`amount_minor` - OLD.`paid_minor`, 0),
    `unpaid` = `unpaid` + (NEW.`amount_minor` > NEW.`paid_minor`) - (OLD.`amount_minor` > OLD.`paid_minor`)
  WHERE `school_id` = NEW.`school_id` AND `student_id` = NEW.`student_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `fee_dues_totals_delete` AFTER DELETE ON `fee_dues` FOR EACH ROW
BEGIN
  UPDATE `fee_student_totals` SET `instalments` = `instalments` - 1, `billed_minor` = `billed_minor` - OLD.`amount_minor`,
    `paid_minor` = `paid_minor` - OLD.`paid_minor`,
    `outstanding_minor` = `outstanding_minor` - max(OLD.`amount_minor` - OLD.`paid_minor`, 0),
    `unpaid` = `unpaid` - (OLD.`amount_minor` > OLD.`paid_minor`)
  WHERE `school_id` = OLD.`school_id` AND `student_id` = OLD.`student_id`;
  DELETE FROM `fee_student_totals`
  WHERE `school_id` = OLD.`school_id` AND `student_id` = OLD.`student_id` AND `instalments` = 0;
END;
