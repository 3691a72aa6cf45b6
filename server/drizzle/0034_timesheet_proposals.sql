ALTER TABLE "timesheets" ADD COLUMN "proposed_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "timesheets" ADD COLUMN "proposed_ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "timesheets" ADD COLUMN "proposed_break_minutes" integer;--> statement-breakpoint
ALTER TABLE "timesheets" ADD COLUMN "proposal_reason" text;--> statement-breakpoint
ALTER TABLE "timesheets" ADD COLUMN "proposed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_proposal" CHECK (num_nulls("timesheets"."proposed_started_at", "timesheets"."proposed_ended_at", "timesheets"."proposed_break_minutes", "timesheets"."proposal_reason", "timesheets"."proposed_at") in (0, 5) and "timesheets"."proposed_ended_at" >= "timesheets"."proposed_started_at" and "timesheets"."proposed_break_minutes" >= 0);