CREATE TABLE `fee_assignments` (
	`school_id` text NOT NULL,
	`structure_id` text NOT NULL,
	`student_id` text NOT NULL,
	PRIMARY KEY(`school_id`, `structure_id`, `student_id`),
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`structure_id`) REFERENCES `fee_structures`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `students`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `fee_assignments_school_student_idx` ON `fee_assignments` (`school_id`,`student_id`);--> statement-breakpoint
DROP INDEX `fee_collections_school_student_idx`;--> statement-breakpoint
ALTER TABLE `fee_collections` ADD `instalment` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `fee_collections_school_student_idx` ON `fee_collections` (`school_id`,`student_id`,`structure_id`,`instalment`,`amount_minor`);--> statement-breakpoint
ALTER TABLE `fee_receipts` ADD `payer` text;--> statement-breakpoint
ALTER TABLE `fee_structures` ADD `due_dates` text;--> statement-breakpoint
ALTER TABLE `fee_structures` ADD `optional` integer DEFAULT false NOT NULL;