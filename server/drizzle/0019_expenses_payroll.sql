CREATE TABLE "expenses" (
	"business_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"date" date NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"distance_km" text,
	"mileage_rate_cents" integer,
	"amount_cents" integer NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"location_id" uuid,
	"billable" boolean DEFAULT false NOT NULL,
	"receipt_id" text,
	"status" text DEFAULT 'submitted' NOT NULL,
	"decision_note" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"payroll_id" uuid,
	"locked_at" timestamp with time zone,
	"created_by" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "expenses_amounts" CHECK ("expenses"."amount_cents" >= 0 and "expenses"."tax_cents" >= 0 and "expenses"."total_cents" = "expenses"."amount_cents" + "expenses"."tax_cents")
);
--> statement-breakpoint
CREATE TABLE "payroll_lines" (
	"business_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"payroll_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"minutes" integer,
	"rate_cents" integer,
	"multiplier" text,
	"amount_cents" integer NOT NULL,
	"expense_id" uuid,
	"manual" boolean DEFAULT false NOT NULL,
	CONSTRAINT "payroll_lines_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "payroll_lines_amount" CHECK ("payroll_lines"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payroll_people" (
	"business_id" text NOT NULL,
	"payroll_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"timesheet_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"regular_minutes" integer DEFAULT 0 NOT NULL,
	"overtime_minutes" integer DEFAULT 0 NOT NULL,
	"double_time_minutes" integer DEFAULT 0 NOT NULL,
	"gross_cents" integer DEFAULT 0 NOT NULL,
	"overtime_cents" integer DEFAULT 0 NOT NULL,
	"reimbursements_cents" integer DEFAULT 0 NOT NULL,
	"deductions_cents" integer DEFAULT 0 NOT NULL,
	"net_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payroll_people_business_id_payroll_id_staff_id_pk" PRIMARY KEY("business_id","payroll_id","staff_id")
);
--> statement-breakpoint
CREATE TABLE "payrolls" (
	"business_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" integer,
	"frequency" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"notes" text,
	"people_count" integer DEFAULT 0 NOT NULL,
	"regular_minutes" integer DEFAULT 0 NOT NULL,
	"overtime_minutes" integer DEFAULT 0 NOT NULL,
	"double_time_minutes" integer DEFAULT 0 NOT NULL,
	"gross_cents" integer DEFAULT 0 NOT NULL,
	"overtime_cents" integer DEFAULT 0 NOT NULL,
	"reimbursements_cents" integer DEFAULT 0 NOT NULL,
	"deductions_cents" integer DEFAULT 0 NOT NULL,
	"net_cents" integer DEFAULT 0 NOT NULL,
	"calculated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"paid_by" uuid,
	"paid_at" timestamp with time zone,
	"created_by" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payrolls_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "mileage_rate_cents" integer DEFAULT 72 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "pay_frequency" text DEFAULT 'biweekly' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "pay_anchor" text DEFAULT '2026-01-05' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "vacation_pay_percent" text DEFAULT '4' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "next_payroll_number" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_business_id_staff_id_users_business_id_id_fk" FOREIGN KEY ("business_id","staff_id") REFERENCES "public"."users"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_business_id_location_id_locations_business_id_id_fk" FOREIGN KEY ("business_id","location_id") REFERENCES "public"."locations"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_business_id_payroll_id_payrolls_business_id_id_fk" FOREIGN KEY ("business_id","payroll_id") REFERENCES "public"."payrolls"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_people" ADD CONSTRAINT "payroll_people_business_id_payroll_id_payrolls_business_id_id_fk" FOREIGN KEY ("business_id","payroll_id") REFERENCES "public"."payrolls"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_people" ADD CONSTRAINT "payroll_people_business_id_staff_id_users_business_id_id_fk" FOREIGN KEY ("business_id","staff_id") REFERENCES "public"."users"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payrolls" ADD CONSTRAINT "payrolls_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expenses_staff" ON "expenses" USING btree ("business_id","staff_id","date");--> statement-breakpoint
CREATE INDEX "expenses_date" ON "expenses" USING btree ("business_id","date");--> statement-breakpoint
CREATE INDEX "expenses_status" ON "expenses" USING btree ("business_id","status","date");--> statement-breakpoint
CREATE INDEX "payroll_lines_payroll" ON "payroll_lines" USING btree ("business_id","payroll_id","staff_id","position");--> statement-breakpoint
CREATE INDEX "payroll_people_staff" ON "payroll_people" USING btree ("business_id","staff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payrolls_number" ON "payrolls" USING btree ("business_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "payrolls_period" ON "payrolls" USING btree ("business_id","period_start");--> statement-breakpoint
CREATE INDEX "payrolls_status" ON "payrolls" USING btree ("business_id","status","period_start");--> statement-breakpoint
-- Hand-written (decision 027): row-level security and change announcements for the listed tables.
SELECT rota_tenant_table(t) FROM unnest(ARRAY['expenses', 'payrolls', 'payroll_people', 'payroll_lines']) AS t;
--> statement-breakpoint
SELECT rota_announce_changes(t) FROM unnest(ARRAY['expenses', 'payrolls']) AS t;
