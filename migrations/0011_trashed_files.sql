CREATE TABLE `trashed_files` (
	`key` text NOT NULL,
	`trash_item_id` text NOT NULL,
	PRIMARY KEY(`key`, `trash_item_id`)
);

--> statement-breakpoint
-- Written by hand after the generated table: the files of what is already in the trash stop being
-- served too.
INSERT OR IGNORE INTO `trashed_files` (`key`, `trash_item_id`)
	SELECT `json_each`.`value`, `trash_items`.`id` FROM `trash_items`, json_each(`trash_items`.`files`)
	WHERE `json_each`.`type` = 'text';
