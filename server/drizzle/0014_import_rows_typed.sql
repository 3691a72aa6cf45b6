-- Staged rows move from one JSON value to the columns of the record they will write.
-- Imports still open when this runs are cancelled and their rows dropped: their staged
-- values are in the old form, and a client still sending to one is told it is closed.
UPDATE "import_jobs" SET "status" = 'cancelled', "updated_at" = now() WHERE "status" = 'open';--> statement-breakpoint
DELETE FROM "import_rows";--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "rows_staged" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "last_line" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "checked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "record_id" uuid;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "contact_person" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "street" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "province" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "billing_notes" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "colour" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "default_duration_minutes" integer;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "bill_rate_cents" integer;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "pay_rate_cents" integer;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "active" boolean;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "search_key" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "sort_key" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "city_key" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "import_rows" DROP COLUMN "value";--> statement-breakpoint
-- Staged rows skip the write-ahead log; a crash empties the table and rows_staged says so.
ALTER TABLE "import_rows" SET UNLOGGED;