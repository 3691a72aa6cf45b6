CREATE TABLE "locations" (
	"business_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"contact_person" text,
	"email" text,
	"phone" text,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"postal_code" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"billing_notes" text,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"business_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"description" text,
	"colour" text NOT NULL,
	"default_duration_minutes" integer NOT NULL,
	"bill_rate_cents" integer NOT NULL,
	"pay_rate_cents" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"business_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_business_id_user_id_key_pk" PRIMARY KEY("business_id","user_id","key")
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"business_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"skip_invalid" boolean DEFAULT false NOT NULL,
	"file_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_jobs_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"business_id" text NOT NULL,
	"import_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"key" text,
	"value" jsonb,
	"errors" jsonb,
	CONSTRAINT "import_rows_business_id_import_id_line_pk" PRIMARY KEY("business_id","import_id","line")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"business_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"model" text NOT NULL,
	"operation" text NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_business_id_import_id_import_jobs_business_id_id_fk" FOREIGN KEY ("business_id","import_id") REFERENCES "public"."import_jobs"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_business_id_user_id_users_business_id_id_fk" FOREIGN KEY ("business_id","user_id") REFERENCES "public"."users"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "locations_name_key" ON "locations" USING btree ("business_id","name_key");--> statement-breakpoint
CREATE INDEX "locations_city" ON "locations" USING btree ("business_id","city");--> statement-breakpoint
CREATE UNIQUE INDEX "services_name_key" ON "services" USING btree ("business_id","name_key");--> statement-breakpoint
CREATE INDEX "import_jobs_user" ON "import_jobs" USING btree ("business_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_inbox" ON "notifications" USING btree ("business_id","user_id","created_at");