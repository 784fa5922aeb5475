CREATE INDEX `artifacts_find_type_idx` ON `artifacts` (`artifact_type`,`created_year`,`present_location`);--> statement-breakpoint
CREATE INDEX `artifacts_find_year_idx` ON `artifacts` (`created_year`,`artifact_type`,`present_location`);--> statement-breakpoint
CREATE INDEX `artifacts_find_location_idx` ON `artifacts` (`present_location`,`artifact_type`,`created_year`);