ALTER TABLE "import_rows" ADD COLUMN "staff_key" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "location_key" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "service_key" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "break_minutes" integer;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "notes" text;