CREATE TABLE "timeoff_requests" (
	"business_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"period" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"half" text,
	"start_time" time,
	"end_time" time,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"minutes" integer NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_note" text,
	"requested_by" uuid NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timeoff_requests_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "timeoff_requests_ends_after_start" CHECK ("timeoff_requests"."ends_at" > "timeoff_requests"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "timeoff_categories" ADD COLUMN "name_key" text;--> statement-breakpoint
-- Categories so far are registration's defaults, plain ASCII names: lower() is core's foldText of them.
UPDATE "timeoff_categories" SET "name_key" = lower("name");--> statement-breakpoint
ALTER TABLE "timeoff_categories" ALTER COLUMN "name_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "timeoff_categories" ADD COLUMN "colour" text DEFAULT '#0d9488' NOT NULL;--> statement-breakpoint
ALTER TABLE "timeoff_categories" ADD COLUMN "unit" text DEFAULT 'days' NOT NULL;--> statement-breakpoint
ALTER TABLE "timeoff_categories" ADD COLUMN "day_minutes" integer DEFAULT 480 NOT NULL;--> statement-breakpoint
ALTER TABLE "timeoff_categories" ADD COLUMN "accrual" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "timeoff_categories" ADD COLUMN "yearly_allowance_minutes" integer;--> statement-breakpoint
ALTER TABLE "timeoff_categories" ADD COLUMN "accrual_rate" text;--> statement-breakpoint
ALTER TABLE "timeoff_categories" ADD COLUMN "carry_over_max_minutes" integer;--> statement-breakpoint
ALTER TABLE "timeoff_categories" ADD COLUMN "allow_negative" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "timeoff_categories" ADD COLUMN "search_key" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "timeoff_categories" ADD COLUMN "sort_key" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "timeoff_requests" ADD CONSTRAINT "timeoff_requests_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeoff_requests" ADD CONSTRAINT "timeoff_requests_business_id_staff_id_users_business_id_id_fk" FOREIGN KEY ("business_id","staff_id") REFERENCES "public"."users"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeoff_requests" ADD CONSTRAINT "timeoff_requests_business_id_category_id_timeoff_categories_business_id_id_fk" FOREIGN KEY ("business_id","category_id") REFERENCES "public"."timeoff_categories"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "timeoff_requests_staff" ON "timeoff_requests" USING btree ("business_id","staff_id","starts_at");--> statement-breakpoint
CREATE INDEX "timeoff_requests_range" ON "timeoff_requests" USING btree ("business_id","starts_at");--> statement-breakpoint
CREATE INDEX "timeoff_requests_status" ON "timeoff_requests" USING btree ("business_id","status","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "timeoff_categories_name_key" ON "timeoff_categories" USING btree ("business_id","name_key");--> statement-breakpoint
-- Registration's defaults as new businesses get them: colours, and balances for vacation and sick leave.
UPDATE "timeoff_categories" SET "colour" = '#0d9488', "accrual" = 'yearly', "yearly_allowance_minutes" = 4800, "carry_over_max_minutes" = 2400 WHERE "name" = 'Vacation' AND "version" = 1;--> statement-breakpoint
UPDATE "timeoff_categories" SET "colour" = '#ea580c', "accrual" = 'yearly', "yearly_allowance_minutes" = 1440, "carry_over_max_minutes" = 0 WHERE "name" = 'Sick leave' AND "version" = 1;--> statement-breakpoint
UPDATE "timeoff_categories" SET "colour" = '#2563eb' WHERE "name" = 'Personal day' AND "version" = 1;--> statement-breakpoint
UPDATE "timeoff_categories" SET "colour" = '#7c3aed' WHERE "name" = 'Bereavement' AND "version" = 1;--> statement-breakpoint
UPDATE "timeoff_categories" SET "colour" = '#64748b' WHERE "name" = 'Unpaid leave' AND "version" = 1;--> statement-breakpoint
-- Deciding on time off is timeoff-requests:update; Staff ask (create) and follow (read) their own.
-- No route used that right before time off existed, so taking it from Staff takes nothing away.
UPDATE "permissions" p SET "update" = false FROM "roles" r
  WHERE r."business_id" = p."business_id" AND r."id" = p."role_id" AND r."name" = 'Staff' AND p."model_name" = 'timeoff-requests';--> statement-breakpoint
SELECT rota_tenant_table('timeoff_requests');--> statement-breakpoint
SELECT rota_announce_changes(t) FROM unnest(ARRAY['timeoff_requests', 'timeoff_categories']) AS t;
