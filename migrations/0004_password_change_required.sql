ALTER TABLE `users` ADD `password_change_required` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Accounts still holding a generated temporary password (student imports before this column) must replace it too.
UPDATE `users` SET `password_change_required` = 1 WHERE substr(`password_hash`, 1, 13) = '$hmac-sha256$';
