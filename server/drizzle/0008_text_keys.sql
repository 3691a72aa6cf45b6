ALTER TABLE "roles" ADD COLUMN "search_key" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "sort_key" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_key" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sort_key" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "search_key" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "sort_key" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "city_key" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "search_key" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "sort_key" text COLLATE "C";--> statement-breakpoint
CREATE INDEX "users_sort" ON "users" USING btree ("business_id","sort_key");--> statement-breakpoint
CREATE INDEX "locations_sort" ON "locations" USING btree ("business_id","sort_key");--> statement-breakpoint
CREATE INDEX "services_sort" ON "services" USING btree ("business_id","sort_key");