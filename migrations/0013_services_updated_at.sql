-- Generated as `ADD updated_at integer NOT NULL`, which SQLite refuses on a table with rows: edited by
-- hand to add the column with a constant default (0; Drizzle always writes the value, and a service
-- restored from a trash snapshot taken before this migration gets 0, a valid version), then to start
-- every existing row's version at its creation (db/schema.ts, decision 105).
ALTER TABLE `services` ADD `updated_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sub_services` ADD `updated_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `services` SET `updated_at` = `created_at`;--> statement-breakpoint
UPDATE `sub_services` SET `updated_at` = `created_at`;
