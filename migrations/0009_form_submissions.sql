CREATE TABLE `form_submissions` (
	`token` text PRIMARY KEY NOT NULL,
	`location` text,
	`created_at` integer NOT NULL
);
