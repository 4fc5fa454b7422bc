CREATE TABLE `invoice_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`position` integer NOT NULL,
	`kind` text NOT NULL,
	`description` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`quantity` integer NOT NULL,
	`unit_paise` integer NOT NULL,
	`amount_paise` integer NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `invoice_lines_invoice_idx` ON `invoice_lines` (`invoice_id`,`position`);--> statement-breakpoint
CREATE TABLE `invoice_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`kind` text DEFAULT 'payment' NOT NULL,
	`status` text DEFAULT 'reported' NOT NULL,
	`reference` text NOT NULL,
	`amount_paise` integer NOT NULL,
	`paid_on` text NOT NULL,
	`reported_by` text,
	`decided_by` text,
	`decided_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reported_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_payments_reference_idx` ON `invoice_payments` (`reference`) WHERE status <> 'rejected';--> statement-breakpoint
CREATE INDEX `invoice_payments_invoice_idx` ON `invoice_payments` (`invoice_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `invoice_payments_status_idx` ON `invoice_payments` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `invoice_series` (
	`financial_year` text PRIMARY KEY NOT NULL,
	`next_serial` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`number` text,
	`financial_year` text,
	`serial` integer,
	`status` text DEFAULT 'draft' NOT NULL,
	`client_id` text,
	`client_email` text NOT NULL,
	`client_name` text NOT NULL,
	`client_address` text DEFAULT '' NOT NULL,
	`client_gstin` text DEFAULT '' NOT NULL,
	`tax_treatment` text NOT NULL,
	`subtotal_paise` integer NOT NULL,
	`tax_paise` integer NOT NULL,
	`total_paise` integer NOT NULL,
	`due_date` text NOT NULL,
	`issued_at` integer,
	`access_key` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_series_idx` ON `invoices` (`financial_year`,`serial`);--> statement-breakpoint
CREATE INDEX `invoices_client_idx` ON `invoices` (`client_id`);--> statement-breakpoint
CREATE INDEX `invoices_status_idx` ON `invoices` (`status`,`due_date`);