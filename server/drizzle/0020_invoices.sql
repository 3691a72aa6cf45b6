CREATE TABLE "invoice_lines" (
	"business_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"service_id" uuid,
	"description" text NOT NULL,
	"minutes" integer,
	"quantity" text NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"provincial_exempt" boolean DEFAULT false NOT NULL,
	CONSTRAINT "invoice_lines_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"business_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"paid_on" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "invoice_payments_amount" CHECK ("invoice_payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"business_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text,
	"location_id" uuid NOT NULL,
	"province" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"issue_date" date,
	"due_date" date NOT NULL,
	"per_shift" boolean DEFAULT false NOT NULL,
	"taxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subtotal_cents" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"notes" text,
	"terms" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"sent_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"view_count" integer DEFAULT 0 NOT NULL,
	"link_version" integer DEFAULT 1 NOT NULL,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"created_by" uuid,
	"search_key" text COLLATE "C",
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "invoices_paid" CHECK ("invoices"."paid_cents" >= 0 and "invoices"."paid_cents" <= greatest("invoices"."total_cents", 0)),
	CONSTRAINT "invoices_period" CHECK ("invoices"."period_to" >= "invoices"."period_from"),
	CONSTRAINT "invoices_number_when_sent" CHECK ("invoices"."status" = 'draft' or ("invoices"."status" = 'void' and "invoices"."sent_at" is null) or "invoices"."number" is not null)
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "gst_hst_number" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "qst_number" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "invoice_terms_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "timesheets" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_business_id_invoice_id_invoices_business_id_id_fk" FOREIGN KEY ("business_id","invoice_id") REFERENCES "public"."invoices"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_business_id_invoice_id_invoices_business_id_id_fk" FOREIGN KEY ("business_id","invoice_id") REFERENCES "public"."invoices"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_business_id_location_id_locations_business_id_id_fk" FOREIGN KEY ("business_id","location_id") REFERENCES "public"."locations"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_position" ON "invoice_lines" USING btree ("business_id","invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice" ON "invoice_payments" USING btree ("business_id","invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number" ON "invoices" USING btree ("business_id","number");--> statement-breakpoint
CREATE INDEX "invoices_client" ON "invoices" USING btree ("business_id","location_id");--> statement-breakpoint
CREATE INDEX "invoices_created" ON "invoices" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_open_due" ON "invoices" USING btree ("business_id","due_date") WHERE "invoices"."status" in ('sent', 'partially_paid');--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_business_id_invoice_id_invoices_business_id_id_fk" FOREIGN KEY ("business_id","invoice_id") REFERENCES "public"."invoices"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "timesheets_invoice" ON "timesheets" USING btree ("business_id","invoice_id");--> statement-breakpoint
-- Hand-written (row-level security and change announcements, as in 0017): carry over when renumbering.
SELECT rota_tenant_table('invoices');
--> statement-breakpoint
SELECT rota_tenant_table('invoice_lines');
--> statement-breakpoint
SELECT rota_tenant_table('invoice_payments');
--> statement-breakpoint
SELECT rota_announce_changes('invoices');
