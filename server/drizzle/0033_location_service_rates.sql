CREATE TABLE "location_service_rates" (
	"business_id" text NOT NULL,
	"location_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"bill_rate_cents" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_service_rates_business_id_location_id_service_id_pk" PRIMARY KEY("business_id","location_id","service_id")
);
--> statement-breakpoint
ALTER TABLE "location_service_rates" ADD CONSTRAINT "location_service_rates_business_id_location_id_locations_business_id_id_fk" FOREIGN KEY ("business_id","location_id") REFERENCES "public"."locations"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_service_rates" ADD CONSTRAINT "location_service_rates_business_id_service_id_services_business_id_id_fk" FOREIGN KEY ("business_id","service_id") REFERENCES "public"."services"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_service_rates_service" ON "location_service_rates" USING btree ("business_id","service_id");--> statement-breakpoint
-- Hand-written (carry over when renumbering): the tenant wall (0009). No change announcement (0010):
-- the rates change only with their client, whose row moves its version in the same transaction.
SELECT rota_tenant_table('location_service_rates');
