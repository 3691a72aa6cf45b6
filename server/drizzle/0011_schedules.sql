CREATE TABLE "availability" (
	"business_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"weekday" smallint,
	"date" date,
	"available" boolean DEFAULT true NOT NULL,
	"start_time" time,
	"end_time" time,
	"note" text,
	CONSTRAINT "availability_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "availability_versions" (
	"business_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "availability_versions_business_id_user_id_pk" PRIMARY KEY("business_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "shift_requests" (
	"business_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"shift_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"requester_id" uuid NOT NULL,
	"swap_shift_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_requests_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "shift_series" (
	"business_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"rrule" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_series_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"business_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid,
	"location_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"break_minutes" integer DEFAULT 0 NOT NULL,
	"notes" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"series_id" uuid,
	"published" jsonb,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shifts_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "shifts_ends_after_start" CHECK ("shifts"."ends_at" > "shifts"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "user_services" (
	"business_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	CONSTRAINT "user_services_business_id_user_id_service_id_pk" PRIMARY KEY("business_id","user_id","service_id")
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "min_rest_minutes" integer DEFAULT 480 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "max_weekly_minutes" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_feed_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_business_id_user_id_users_business_id_id_fk" FOREIGN KEY ("business_id","user_id") REFERENCES "public"."users"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_versions" ADD CONSTRAINT "availability_versions_business_id_user_id_users_business_id_id_fk" FOREIGN KEY ("business_id","user_id") REFERENCES "public"."users"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_requests" ADD CONSTRAINT "shift_requests_business_id_shift_id_shifts_business_id_id_fk" FOREIGN KEY ("business_id","shift_id") REFERENCES "public"."shifts"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_requests" ADD CONSTRAINT "shift_requests_business_id_requester_id_users_business_id_id_fk" FOREIGN KEY ("business_id","requester_id") REFERENCES "public"."users"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_series" ADD CONSTRAINT "shift_series_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_business_id_staff_id_users_business_id_id_fk" FOREIGN KEY ("business_id","staff_id") REFERENCES "public"."users"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_business_id_location_id_locations_business_id_id_fk" FOREIGN KEY ("business_id","location_id") REFERENCES "public"."locations"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_business_id_service_id_services_business_id_id_fk" FOREIGN KEY ("business_id","service_id") REFERENCES "public"."services"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_services" ADD CONSTRAINT "user_services_business_id_user_id_users_business_id_id_fk" FOREIGN KEY ("business_id","user_id") REFERENCES "public"."users"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_services" ADD CONSTRAINT "user_services_business_id_service_id_services_business_id_id_fk" FOREIGN KEY ("business_id","service_id") REFERENCES "public"."services"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_user" ON "availability" USING btree ("business_id","user_id");--> statement-breakpoint
CREATE INDEX "shift_requests_shift" ON "shift_requests" USING btree ("business_id","shift_id","status");--> statement-breakpoint
CREATE INDEX "shifts_range" ON "shifts" USING btree ("business_id","starts_at");--> statement-breakpoint
CREATE INDEX "shifts_staff" ON "shifts" USING btree ("business_id","staff_id","starts_at");--> statement-breakpoint
CREATE INDEX "shifts_series" ON "shifts" USING btree ("business_id","series_id","starts_at");--> statement-breakpoint
SELECT rota_tenant_table(t) FROM unnest(ARRAY['shifts', 'shift_series', 'shift_requests', 'user_services', 'availability', 'availability_versions']) AS t;
--> statement-breakpoint
SELECT rota_announce_changes(t) FROM unnest(ARRAY['shifts', 'shift_requests', 'availability']) AS t;
