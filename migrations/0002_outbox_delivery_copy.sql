ALTER TABLE `mail_outbox` ADD `delivery_text` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `delivery_html` text;--> statement-breakpoint
-- Hand-added (data): reset mails stored before redaction carried live links in the text staff see.
-- One still waiting for delivery keeps its text as the delivery copy; then every shown copy is replaced.
UPDATE `mail_outbox` SET `delivery_text` = `text`, `delivery_html` = `html` WHERE `kind` = 'password-reset' AND `status` <> 'sent';--> statement-breakpoint
UPDATE `mail_outbox` SET `text` = '(A password reset mail stored before one-time links were hidden: its text is not shown.)', `html` = NULL WHERE `kind` = 'password-reset';
