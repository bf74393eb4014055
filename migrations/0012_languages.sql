ALTER TABLE `users` ADD `language` text;--> statement-breakpoint
ALTER TABLE `schools` ADD `language` text DEFAULT 'en' NOT NULL;