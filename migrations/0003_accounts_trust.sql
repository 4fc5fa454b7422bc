CREATE TABLE `one_time_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `one_time_tokens_token_hash_unique` ON `one_time_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `one_time_tokens_user_purpose_idx` ON `one_time_tokens` (`user_id`,`purpose`);--> statement-breakpoint
-- Hand-added (data): reset links already mailed keep working.
INSERT INTO `one_time_tokens` (`id`, `user_id`, `purpose`, `token_hash`, `expires_at`, `used_at`, `created_at`)
SELECT `id`, `user_id`, 'password-reset', `token_hash`, `expires_at`, `used_at`, `created_at` FROM `password_reset_tokens`;--> statement-breakpoint
DROP TABLE `password_reset_tokens`;--> statement-breakpoint
-- Hand-added (data): accounts that exist before email verification count as verified (issue 15).
UPDATE `users` SET `email_verified` = 1;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `delivery_text` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `delivery_html` text;--> statement-breakpoint
-- Hand-added (data): reset mails stored before redaction carried live links in the text staff see.
-- One still waiting for delivery keeps its text as the delivery copy; then every shown copy is replaced.
UPDATE `mail_outbox` SET `delivery_text` = `text`, `delivery_html` = `html` WHERE `kind` = 'password-reset' AND `status` <> 'sent';--> statement-breakpoint
UPDATE `mail_outbox` SET `text` = '(A password reset mail stored before one-time links were hidden: its text is not shown.)', `html` = NULL WHERE `kind` = 'password-reset';
