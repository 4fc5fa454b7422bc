CREATE TABLE `site_images` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`image` text NOT NULL,
	`thumbnail` text,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`caption` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`alt` text NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`published` integer DEFAULT true NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `site_images_kind_order_idx` ON `site_images` (`kind`,`published`,`sort_order`);