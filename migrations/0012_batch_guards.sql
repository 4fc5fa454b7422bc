CREATE TABLE `batch_guards` (
	`never` integer NOT NULL
);
