ALTER TABLE "invoice_payments" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "reversed_by" uuid;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "reversal_reason" text;