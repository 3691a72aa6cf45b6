CREATE TABLE "fill_proposals" (
	"business_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"assignments" jsonb NOT NULL,
	"answer" jsonb NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fill_proposals_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "user_preferred_locations" (
	"business_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	CONSTRAINT "user_preferred_locations_business_id_user_id_location_id_pk" PRIMARY KEY("business_id","user_id","location_id")
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "max_days_in_row" integer DEFAULT 6;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "fill_weights" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "preferred_weekly_minutes" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "target_weekly_minutes" integer;--> statement-breakpoint
ALTER TABLE "fill_proposals" ADD CONSTRAINT "fill_proposals_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferred_locations" ADD CONSTRAINT "user_preferred_locations_business_id_user_id_users_business_id_id_fk" FOREIGN KEY ("business_id","user_id") REFERENCES "public"."users"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferred_locations" ADD CONSTRAINT "user_preferred_locations_business_id_location_id_locations_business_id_id_fk" FOREIGN KEY ("business_id","location_id") REFERENCES "public"."locations"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fill_proposals_created" ON "fill_proposals" USING btree ("business_id","created_at");--> statement-breakpoint
-- Hand-written (issue 18, the fill): row-level security for the new tenant tables.
SELECT rota_tenant_table('user_preferred_locations');
--> statement-breakpoint
SELECT rota_tenant_table('fill_proposals');
