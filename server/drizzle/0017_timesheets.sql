CREATE TABLE "timesheets" (
	"business_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"shift_id" uuid,
	"staff_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"clock_in_at" timestamp with time zone,
	"clock_out_at" timestamp with time zone,
	"clocked_break_minutes" integer,
	"breaks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"break_minutes" integer DEFAULT 0 NOT NULL,
	"paid_minutes" integer DEFAULT 0 NOT NULL,
	"regular_minutes" integer DEFAULT 0 NOT NULL,
	"overtime_minutes" integer DEFAULT 0 NOT NULL,
	"double_time_minutes" integer DEFAULT 0 NOT NULL,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text,
	"correction_reason" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"payroll_id" uuid,
	"locked_at" timestamp with time zone,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timesheets_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "timesheets_ends_after_start" CHECK ("timesheets"."ended_at" is null or "timesheets"."ended_at" >= "timesheets"."started_at"),
	CONSTRAINT "timesheets_break" CHECK ("timesheets"."break_minutes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "overtime_jurisdiction" text DEFAULT 'ON' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "clock_tolerance_minutes" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "location_radius_m" integer DEFAULT 250 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "forgotten_clock_out_grace_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_business_id_shift_id_shifts_business_id_id_fk" FOREIGN KEY ("business_id","shift_id") REFERENCES "public"."shifts"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_business_id_staff_id_users_business_id_id_fk" FOREIGN KEY ("business_id","staff_id") REFERENCES "public"."users"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_business_id_location_id_locations_business_id_id_fk" FOREIGN KEY ("business_id","location_id") REFERENCES "public"."locations"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_business_id_service_id_services_business_id_id_fk" FOREIGN KEY ("business_id","service_id") REFERENCES "public"."services"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "timesheets_shift" ON "timesheets" USING btree ("business_id","shift_id");--> statement-breakpoint
CREATE UNIQUE INDEX "timesheets_open" ON "timesheets" USING btree ("business_id","staff_id") WHERE "timesheets"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "timesheets_range" ON "timesheets" USING btree ("business_id","started_at");--> statement-breakpoint
CREATE INDEX "timesheets_staff" ON "timesheets" USING btree ("business_id","staff_id","started_at");--> statement-breakpoint
UPDATE "settings" SET "overtime_jurisdiction" = "tax_province";
--> statement-breakpoint
SELECT rota_tenant_table('timesheets');
--> statement-breakpoint
SELECT rota_announce_changes('timesheets');
