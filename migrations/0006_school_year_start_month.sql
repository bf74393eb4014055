ALTER TABLE `schools` ADD `year_start_month` integer DEFAULT 9 NOT NULL;--> statement-breakpoint
UPDATE `schools` SET `year_start_month` = 4 WHERE `time_zone` IN ('Asia/Kolkata', 'Asia/Calcutta');
