ALTER TABLE `artifacts` ADD `created_from_year` integer;--> statement-breakpoint
ALTER TABLE `artifacts` ADD `created_to_year` integer;--> statement-breakpoint
ALTER TABLE `artifacts` ADD `created_precision` text;--> statement-breakpoint
ALTER TABLE `artifacts` ADD `created_qualifier` text;--> statement-breakpoint
ALTER TABLE `artifacts` ADD `created_year` integer;--> statement-breakpoint
ALTER TABLE `artifacts` ADD `discovered_from_year` integer;--> statement-breakpoint
ALTER TABLE `artifacts` ADD `discovered_to_year` integer;--> statement-breakpoint
ALTER TABLE `artifacts` ADD `discovered_precision` text;--> statement-breakpoint
ALTER TABLE `artifacts` ADD `discovered_qualifier` text;--> statement-breakpoint
ALTER TABLE `artifacts` ADD `dates_parser_version` integer DEFAULT 0 NOT NULL;