CREATE TABLE `consultation_status_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`request_id` text NOT NULL,
	`from_status` text NOT NULL,
	`to_status` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`changed_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`request_id`) REFERENCES `consultation_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`changed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `consultation_status_changes_request_idx` ON `consultation_status_changes` (`request_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `service_path_redirects` (
	`path` text PRIMARY KEY NOT NULL,
	`service_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade
);
