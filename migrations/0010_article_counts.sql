CREATE TABLE `article_counts` (
	`status` text NOT NULL,
	`category` text NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`status`, `category`)
);
--> statement-breakpoint
-- Written by hand after the generated table: the triggers that keep article_counts equal to
-- `SELECT status, coalesce(category, ''), count(*) FROM articles GROUP BY 1, 2` on every path that writes
-- articles, and the counts of the articles already there (decision 102).
INSERT INTO `article_counts` (`status`, `category`, `n`)
	SELECT `status`, coalesce(`category`, ''), count(*) FROM `articles` GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER `article_counts_insert` AFTER INSERT ON `articles` BEGIN
	INSERT OR IGNORE INTO `article_counts` (`status`, `category`, `n`) VALUES (new.`status`, coalesce(new.`category`, ''), 0);
	UPDATE `article_counts` SET `n` = `n` + 1 WHERE `status` = new.`status` AND `category` = coalesce(new.`category`, '');
END;
--> statement-breakpoint
CREATE TRIGGER `article_counts_delete` AFTER DELETE ON `articles` BEGIN
	UPDATE `article_counts` SET `n` = `n` - 1 WHERE `status` = old.`status` AND `category` = coalesce(old.`category`, '');
END;
--> statement-breakpoint
CREATE TRIGGER `article_counts_update` AFTER UPDATE OF `status`, `category` ON `articles`
	WHEN old.`status` IS NOT new.`status` OR coalesce(old.`category`, '') IS NOT coalesce(new.`category`, '')
BEGIN
	UPDATE `article_counts` SET `n` = `n` - 1 WHERE `status` = old.`status` AND `category` = coalesce(old.`category`, '');
	INSERT OR IGNORE INTO `article_counts` (`status`, `category`, `n`) VALUES (new.`status`, coalesce(new.`category`, ''), 0);
	UPDATE `article_counts` SET `n` = `n` + 1 WHERE `status` = new.`status` AND `category` = coalesce(new.`category`, '');
END;
