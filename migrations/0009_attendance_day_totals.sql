CREATE TABLE `attendance_day_totals` (
	`school_id` text NOT NULL,
	`date` text NOT NULL,
	`class_id` text NOT NULL,
	`marked` integer DEFAULT 0 NOT NULL,
	`present` integer DEFAULT 0 NOT NULL,
	`late` integer DEFAULT 0 NOT NULL,
	`absent` integer DEFAULT 0 NOT NULL,
	`excused` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`school_id`, `date`, `class_id`),
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
-- Hand-written below the table: the triggers that keep the totals and the backfill from the marks.
-- A class's day counts each active student marked in its registers once, by their best mark of that day there.
CREATE TRIGGER `attendance_marks_totals_insert` AFTER INSERT ON `attendance_marks` FOR EACH ROW
BEGIN
  INSERT INTO `attendance_day_totals` (`school_id`, `date`, `class_id`, `marked`, `present`, `late`, `absent`, `excused`)
  SELECT `school_id`, `date`, `class_id`, (`nb` >= 0) - (`ob` >= 0), (`nb` >= 2) - (`ob` >= 2),
    (`nb` >= 2 AND `nl`) - (`ob` >= 2 AND `ol`), (`nb` = 0) - (`ob` = 0), (`nb` = 1) - (`ob` = 1)
  FROM (
    SELECT `school_id`, `date`, `class_id`, max(`b`, -1) AS `ob`, (`l` OR -1 = 2) AS `ol`,
      max(`b`, NEW.`status`) AS `nb`, (`l` OR NEW.`status` = 2) AS `nl`
    FROM (
      SELECT `r`.`school_id`, `r`.`date`, `r`.`class_id`,
        coalesce((SELECT max(`m`.`status`) FROM `attendance_registers` AS `o`
          JOIN `attendance_marks` AS `m` ON `m`.`register_id` = `o`.`id` AND `m`.`student_number` = NEW.`student_number`
          WHERE `o`.`school_id` = `r`.`school_id` AND `o`.`class_id` = `r`.`class_id`
            AND `o`.`date` = `r`.`date` AND `o`.`id` <> `r`.`id`), -1) AS `b`,
        coalesce((SELECT max(`m`.`status` = 2) FROM `attendance_registers` AS `o`
          JOIN `attendance_marks` AS `m` ON `m`.`register_id` = `o`.`id` AND `m`.`student_number` = NEW.`student_number`
          WHERE `o`.`school_id` = `r`.`school_id` AND `o`.`class_id` = `r`.`class_id`
            AND `o`.`date` = `r`.`date` AND `o`.`id` <> `r`.`id`), 0) AS `l`
      FROM `attendance_registers` AS `r`
      JOIN `students` AS `s` ON `s`.`school_id` = `r`.`school_id` AND `s`.`number` = NEW.`student_number` AND `s`.`status` = 'active'
      WHERE `r`.`id` = NEW.`register_id`
    )
  ) WHERE true
  ON CONFLICT (`school_id`, `date`, `class_id`) DO UPDATE SET `marked` = `marked` + excluded.`marked`,
    `present` = `present` + excluded.`present`, `late` = `late` + excluded.`late`,
    `absent` = `absent` + excluded.`absent`, `excused` = `excused` + excluded.`excused`;
END;
--> statement-breakpoint
CREATE TRIGGER `attendance_marks_totals_update` AFTER UPDATE OF `status` ON `attendance_marks` FOR EACH ROW
  WHEN OLD.`status` <> NEW.`status`
BEGIN
  INSERT INTO `attendance_day_totals` (`school_id`, `date`, `class_id`, `marked`, `present`, `late`, `absent`, `excused`)
  SELECT `school_id`, `date`, `class_id`, (`nb` >= 0) - (`ob` >= 0), (`nb` >= 2) - (`ob` >= 2),
    (`nb` >= 2 AND `nl`) - (`ob` >= 2 AND `ol`), (`nb` = 0) - (`ob` = 0), (`nb` = 1) - (`ob` = 1)
  FROM (
    SELECT `school_id`, `date`, `class_id`, max(`b`, OLD.`status`) AS `ob`, (`l` OR OLD.`status` = 2) AS `ol`,
      max(`b`, NEW.`status`) AS `nb`, (`l` OR NEW.`status` = 2) AS `nl`
    FROM (
      SELECT `r`.`school_id`, `r`.`date`, `r`.`class_id`,
        coalesce((SELECT max(`m`.`status`) FROM `attendance_registers` AS `o`
          JOIN `attendance_marks` AS `m` ON `m`.`register_id` = `o`.`id` AND `m`.`student_number` = NEW.`student_number`
          WHERE `o`.`school_id` = `r`.`school_id` AND `o`.`class_id` = `r`.`class_id`
            AND `o`.`date` = `r`.`date` AND `o`.`id` <> `r`.`id`), -1) AS `b`,
        coalesce((SELECT max(`m`.`status` = 2) FROM `attendance_registers` AS `o`
          JOIN `attendance_marks` AS `m` ON `m`.`register_id` = `o`.`id` AND `m`.`student_number` = NEW.`student_number`
          WHERE `o`.`school_id` = `r`.`school_id` AND `o`.`class_id` = `r`.`class_id`
            AND `o`.`date` = `r`.`date` AND `o`.`id` <> `r`.`id`), 0) AS `l`
      FROM `attendance_registers` AS `r`
      JOIN `students` AS `s` ON `s`.`school_id` = `r`.`school_id` AND `s`.`number` = NEW.`student_number` AND `s`.`status` = 'active'
      WHERE `r`.`id` = NEW.`register_id`
    )
  ) WHERE true
  ON CONFLICT (`school_id`, `date`, `class_id`) DO UPDATE SET `marked` = `marked` + excluded.`marked`,
    `present` = `present` + excluded.`present`, `late` = `late` + excluded.`late`,
    `absent` = `absent` + excluded.`absent`, `excused` = `excused` + excluded.`excused`;
END;
--> statement-breakpoint
CREATE TRIGGER `attendance_marks_totals_delete` AFTER DELETE ON `attendance_marks` FOR EACH ROW
BEGIN
  INSERT INTO `attendance_day_totals` (`school_id`, `date`, `class_id`, `marked`, `present`, `late`, `absent`, `excused`)
  SELECT `school_id`, `date`, `class_id`, (`nb` >= 0) - (`ob` >= 0), (`nb` >= 2) - (`ob` >= 2),
    (`nb` >= 2 AND `nl`) - (`ob` >= 2 AND `ol`), (`nb` = 0) - (`ob` = 0), (`nb` = 1) - (`ob` = 1)
  FROM (
    SELECT `school_id`, `date`, `class_id`, max(`b`, OLD.`status`) AS `ob`, (`l` OR OLD.`status` = 2) AS `ol`,
      max(`b`, -1) AS `nb`, (`l` OR -1 = 2) AS `nl`
    FROM (
      SELECT `r`.`school_id`, `r`.`date`, `r`.`class_id`,
        coalesce((SELECT max(`m`.`status`) FROM `attendance_registers` AS `o`
          JOIN `attendance_marks` AS `m` ON `m`.`register_id` = `o`.`id` AND `m`.`student_number` = OLD.`student_number`
          WHERE `o`.`school_id` = `r`.`school_id` AND `o`.`class_id` = `r`.`class_id`
            AND `o`.`date` = `r`.`date` AND `o`.`id` <> `r`.`id`), -1) AS `b`,
        coalesce((SELECT max(`m`.`status` = 2) FROM `attendance_registers` AS `o`
          JOIN `attendance_marks` AS `m` ON `m`.`register_id` = `o`.`id` AND `m`.`student_number` = OLD.`student_number`
          WHERE `o`.`school_id` = `r`.`school_id` AND `o`.`class_id` = `r`.`class_id`
            AND `o`.`date` = `r`.`date` AND `o`.`id` <> `r`.`id`), 0) AS `l`
      FROM `attendance_registers` AS `r`
      JOIN `students` AS `s` ON `s`.`school_id` = `r`.`school_id` AND `s`.`number` = OLD.`student_number` AND `s`.`status` = 'active'
      WHERE `r`.`id` = OLD.`register_id`
    )
  ) WHERE true
  ON CONFLICT (`school_id`, `date`, `class_id`) DO UPDATE SET `marked` = `marked` + excluded.`marked`,
    `present` = `present` + excluded.`present`, `late` = `late` + excluded.`late`,
    `absent` = `absent` + excluded.`absent`, `excused` = `excused` + excluded.`excused`;
END;
--> statement-breakpoint
-- A register deleted (with its class or subject) takes its marks out first, while the marks' triggers still find it.
CREATE TRIGGER `attendance_registers_marks_delete` BEFORE DELETE ON `attendance_registers` FOR EACH ROW
BEGIN
  DELETE FROM `attendance_marks` WHERE `register_id` = OLD.`id`;
END;
--> statement-breakpoint
-- Only students who are active are counted: a student who leaves or comes back moves their days in or out.
CREATE TRIGGER `students_status_totals` AFTER UPDATE OF `status` ON `students` FOR EACH ROW
  WHEN (OLD.`status` = 'active') <> (NEW.`status` = 'active')
BEGIN
  INSERT INTO `attendance_day_totals` (`school_id`, `date`, `class_id`, `marked`, `present`, `late`, `absent`, `excused`)
  SELECT `school_id`, `date`, `class_id`, `k`, `k` * (`best` >= 2), `k` * (`best` >= 2 AND `was_late`),
    `k` * (`best` = 0), `k` * (`best` = 1)
  FROM (SELECT `r`.`school_id`, `r`.`date`, `r`.`class_id`, max(`m`.`status`) AS `best`, max(`m`.`status` = 2) AS `was_late`
    FROM `attendance_marks` AS `m`
    JOIN `attendance_registers` AS `r` ON `r`.`id` = `m`.`register_id`
    WHERE `m`.`student_number` = NEW.`number` AND `r`.`school_id` = NEW.`school_id`
    GROUP BY `r`.`date`, `r`.`class_id`),
    (SELECT CASE WHEN NEW.`status` = 'active' THEN 1 ELSE -1 END AS `k`)
  WHERE true
  ON CONFLICT (`school_id`, `date`, `class_id`) DO UPDATE SET `marked` = `marked` + excluded.`marked`,
    `present` = `present` + excluded.`present`, `late` = `late` + excluded.`late`,
    `absent` = `absent` + excluded.`absent`, `excused` = `excused` + excluded.`excused`;
END;
--> statement-breakpoint
-- The totals of the marks already there, in ten statements by the last digit of the date (each well inside
-- D1's 30 seconds for a statement).
INSERT INTO `attendance_day_totals` (`school_id`, `date`, `class_id`, `marked`, `present`, `late`, `absent`, `excused`)
SELECT `t`.`school_id`, `t`.`date`, `t`.`class_id`, count(*), sum(`best` >= 2), sum(`best` >= 2 AND `was_late`),
  sum(`best` = 0), sum(`best` = 1)
FROM (SELECT `r`.`school_id`, `r`.`date`, `r`.`class_id`, `m`.`student_number` AS `number`,
    max(`m`.`status`) AS `best`, max(`m`.`status` = 2) AS `was_late`
  FROM `attendance_marks` AS `m`
  JOIN `attendance_registers` AS `r` ON `r`.`id` = `m`.`register_id`
  WHERE substr(`r`.`date`, 10, 1) = '0'
  GROUP BY `r`.`school_id`, `r`.`date`, `r`.`class_id`, `m`.`student_number`) AS `t`
JOIN `students` AS `s` ON `s`.`school_id` = `t`.`school_id` AND `s`.`number` = `t`.`number` AND `s`.`status` = 'active'
GROUP BY `t`.`school_id`, `t`.`date`, `t`.`class_id`;
--> statement-breakpoint
INSERT INTO `attendance_day_totals` (`school_id`, `date`, `class_id`, `marked`, `present`, `late`, `absent`, `excused`)
SELECT `t`.`school_id`, `t`.`date`, `t`.`class_id`, count(*), sum(`best` >= 2), sum(`best` >= 2 AND `was_late`),
  sum(`best` = 0), sum(`best` = 1)
FROM (SELECT `r`.`school_id`, `r`.`date`, `r`.`class_id`, `m`.`student_number` AS `number`,
    max(`m`.`status`) AS `best`, max(`m`.`status` = 2) AS `was_late`
  FROM `attendance_marks` AS `m`
  JOIN `attendance_registers` AS `r` ON `r`.`id` = `m`.`register_id`
  WHERE substr(`r`.`date`, 10, 1) = '1'
  GROUP BY `r`.`school_id`, `r`.`date`, `r`.`class_id`, `m`.`student_number`) AS `t`
JOIN `students` AS `s` ON `s`.`school_id` = `t`.`school_id` AND `s`.`number` = `t`.`number` AND `s`.`status` = 'active'
GROUP BY `t`.`school_id`, `t`.`date`, `t`.`class_id`;
--> statement-breakpoint
INSERT INTO `attendance_day_totals` (`school_id`, `date`, `class_id`, `marked`, `present`, `late`, `absent`, `excused`)
SELECT `t`.`school_id`, `t`.`date`, `t`.`class_id`, count(*), sum(`best` >= 2), sum(`best` >= 2 AND `was_late`),
  sum(`best` = 0), sum(`best` = 1)
FROM (SELECT `r`.`school_id`, `r`.`date`, `r`.`class_id`, `m`.`student_number` AS `number`,
    max(`m`.`status`) AS `best`, max(`m`.`status` = 2) AS `was_late`
  FROM `attendance_marks` AS `m`
  JOIN `attendance_registers` AS `r` ON `r`.`id` = `m`.`register_id`
  WHERE substr(`r`.`date`, 10, 1) = '2'
  GROUP BY `r`.`school_id`, `r`.`date`, `r`.`class_id`, `m`.`student_number`) AS `t`
JOIN `students` AS `s` ON `s`.`school_id` = `t`.`school_id` AND `s`.`number` = `t`.`number` AND `s`.`status` = 'active'
GROUP BY `t`.`school_id`, `t`.`date`, `t`.`class_id`;
--> statement-breakpoint
INSERT INTO `attendance_day_totals` (`school_id`, `date`, `class_id`, `marked`, `present`, `late`, `absent`, `excused`)
SELECT `t`.`school_id`, `t`.`date`, `t`.`class_id`, count(*), sum(`best` >= 2), sum(`best` >= 2 AND `was_late`),
  sum(`best` = 0), sum(`best` = 1)
FROM (SELECT `r`.`school_id`, `r`.`date`, `r`.`class_id`, `m`.`student_number` AS `number`,
    max(`m`.`status`) AS `best`, max(`m`.`status` = 2) AS `was_late`
  FROM `attendance_marks` AS `m`
  JOIN `attendance_registers` AS `r` ON `r`.`id` = `m`.`register_id`
  WHERE substr(`r`.`date`, 10, 1) = '3'
  GROUP BY `r`.`school_id`, `r`.`date`, `r`.`class_id`, `m`.`student_number`) AS `t`
JOIN `students` AS `s` ON `s`.`school_id` = `t`.`school_id` AND `s`.`number` = `t`.`number` AND `s`.`status` = 'active'
GROUP BY `t`.`school_id`, `t`.`date`, `t`.`class_id`;
--> statement-breakpoint
INSERT INTO `attendance_day_totals` (`school_id`, `date`, `class_id`, `marked`, `present`, `late`, `absent`, `excused`)
SELECT `t`.`school_id`, `t`.`date`, `t`.`class_id`, count(*), sum(`best` >= 2), sum(`best` >= 2 AND `was_late`),
  sum(`best` = 0), sum(`best` = 1)
FROM (SELECT `r`.`school_id`, `r`.`date`, `r`.`class_id`, `m`.`student_number` AS `number`,
    max(`m`.`status`) AS `best`, max(`m`.`status` = 2) AS `was_late`
  FROM `attendance_marks` AS `m`
  JOIN `attendance_registers` AS `r` ON `r`.`id` = `m`.`register_id`
  WHERE substr(`r`.`date`, 10, 1) = '4'
  GROUP BY `r`.`school_id`, `r`.`date`, `r`.`class_id`, `m`.`student_number`) AS `t`
JOIN `students` AS `s` ON `s`.`school_id` = `t`.`school_id` AND `s`.`number` = `t`.`number` AND `s`.`status` = 'active'
GROUP BY `t`.`school_id`, `t`.`date`, `t`.`class_id`;
--> statement-breakpoint
INSERT INTO `attendance_day_totals` (`school_id`, `date`, `class_id`, `marked`, `present`, `late`, `absent`, `excused`)
SELECT `t`.`school_id`, `t`.`date`, `t`.`class_id`, count(*), sum(`best` >= 2), sum(`best` >= 2 AND `was_late`),
  sum(`best` = 0), sum(`best` = 1)
FROM (SELECT `r`.`school_id`, `r`.`date`, `r`.`class_id`, `m`.`student_number` AS `number`,
    max(`m`.`status`) AS `best`, max(`m`.`status` = 2) AS `was_late`
  FROM `attendance_marks` AS `m`
  JOIN `attendance_registers` AS `r` ON `r`.`id` = `m`.`register_id`
  WHERE substr(`r`.`date`, 10, 1) = '5'
  GROUP BY `r`.`school_id`, `r`.`date`, `r`.`class_id`, `m`.`student_number`) AS `t`
JOIN `students` AS `s` ON `s`.`school_id` = `t`.`school_id` AND `s`.`number` = `t`.`number` AND `s`.`status` = 'active'
GROUP BY `t`.`school_id`, `t`.`date`, `t`.`class_id`;
--> statement-breakpoint
INSERT INTO `attendance_day_totals` (`school_id`, `date`, `class_id`, `marked`, `present`, `late`, `absent`, `excused`)
SELECT `t`.`school_id`, `t`.`date`, `t`.`class_id`, count(*), sum(`best` >= 2), sum(`best` >= 2 AND `was_late`),
  sum(`best` = 0), sum(`best` = 1)
FROM (SELECT `r`.`school_id`, `r`.`date`, `r`.`class_id`, `m`.`student_number` AS `number`,
    max(`m`.`status`) AS `best`, max(`m`.`status` = 2) AS `was_late`
  FROM `attendance_marks` AS `m`
  JOIN `attendance_registers` AS `r` ON `r`.`id` = `m`.`register_id`
  WHERE substr(`r`.`date`, 10, 1) = '6'
  GROUP BY `r`.`school_id`, `r`.`date`, `r`.`class_id`, `m`.`student_number`) AS `t`
JOIN `students` AS `s` ON `s`.`school_id` = `t`.`school_id` AND `s`.`number` = `t`.`number` AND `s`.`status` = 'active'
GROUP BY `t`.`school_id`, `t`.`date`, `t`.`class_id`;
--> statement-breakpoint
INSERT INTO `attendance_day_totals` (`school_id`, `date`, `class_id`, `marked`, `present`, `late`, `absent`, `excused`)
SELECT `t`.`school_id`, `t`.`date`, `t`.`class_id`, count(*), sum(`best` >= 2), sum(`best` >= 2 AND `was_late`),
  sum(`best` = 0), sum(`best` = 1)
FROM (SELECT `r`.`school_id`, `r`.`date`, `r`.`class_id`, `m`.`student_number` AS `number`,
    max(`m`.`status`) AS `best`, max(`m`.`status` = 2) AS `was_late`
  FROM `attendance_marks` AS `m`
  JOIN `attendance_registers` AS `r` ON `r`.`id` = `m`.`register_id`
  WHERE substr(`r`.`date`, 10, 1) = '7'
  GROUP BY `r`.`school_id`, `r`.`date`, `r`.`class_id`, `m`.`student_number`) AS `t`
JOIN `students` AS `s` ON `s`.`school_id` = `t`.`school_id` AND `s`.`number` = `t`.`number` AND `s`.`status` = 'active'
GROUP BY `t`.`school_id`, `t`.`date`, `t`.`class_id`;
--> statement-breakpoint
INSERT INTO `attendance_day_totals` (`school_id`, `date`, `class_id`, `marked`, `present`, `late`, `absent`, `excused`)
SELECT `t`.`school_id`, `t`.`date`, `t`.`class_id`, count(*), sum(`best` >= 2), sum(`best` >= 2 AND `was_late`),
  sum(`best` = 0), sum(`best` = 1)
FROM (SELECT `r`.`school_id`, `r`.`date`, `r`.`class_id`, `m`.`student_number` AS `number`,
    max(`m`.`status`) AS `best`, max(`m`.`status` = 2) AS `was_late`
  FROM `attendance_marks` AS `m`
  JOIN `attendance_registers` AS `r` ON `r`.`id` = `m`.`register_id`
  WHERE substr(`r`.`date`, 10, 1) = '8'
  GROUP BY `r`.`school_id`, `r`.`date`, `r`.`class_id`, `m`.`student_number`) AS `t`
JOIN `students` AS `s` ON `s`.`school_id` = `t`.`school_id` AND `s`.`number` = `t`.`number` AND `s`.`status` = 'active'
GROUP BY `t`.`school_id`, `t`.`date`, `t`.`class_id`;
--> statement-breakpoint
INSERT INTO `attendance_day_totals` (`school_id`, `date`, `class_id`, `marked`, `present`, `late`, `absent`, `excused`)
SELECT `t`.`school_id`, `t`.`date`, `t`.`class_id`, count(*), sum(`best` >= 2), sum(`best` >= 2 AND `was_late`),
  sum(`best` = 0), sum(`best` = 1)
FROM (SELECT `r`.`school_id`, `r`.`date`, `r`.`class_id`, `m`.`student_number` AS `number`,
    max(`m`.`status`) AS `best`, max(`m`.`status` = 2) AS `was_late`
  FROM `attendance_marks` AS `m`
  JOIN `attendance_registers` AS `r` ON `r`.`id` = `m`.`register_id`
  WHERE substr(`r`.`date`, 10, 1) = '9'
  GROUP BY `r`.`school_id`, `r`.`date`, `r`.`class_id`, `m`.`student_number`) AS `t`
JOIN `students` AS `s` ON `s`.`school_id` = `t`.`school_id` AND `s`.`number` = `t`.`number` AND `s`.`status` = 'active'
GROUP BY `t`.`school_id`, `t`.`date`, `t`.`class_id`;
