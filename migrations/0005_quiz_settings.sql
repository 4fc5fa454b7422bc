ALTER TABLE `quiz_attempts` ADD `display_order` text;--> statement-breakpoint
ALTER TABLE `quiz_questions` ADD `explanation` text;--> statement-breakpoint
ALTER TABLE `quizzes` ADD `opens_at` integer;--> statement-breakpoint
ALTER TABLE `quizzes` ADD `closes_at` integer;--> statement-breakpoint
ALTER TABLE `quizzes` ADD `max_attempts` integer;--> statement-breakpoint
ALTER TABLE `quizzes` ADD `shuffle_questions` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `quizzes` ADD `shuffle_options` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `quizzes` ADD `review_policy` text DEFAULT 'immediately' NOT NULL;