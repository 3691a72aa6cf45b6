ALTER TABLE "settings" ADD COLUMN "business_street" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "business_city" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "business_province" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "business_postal_code" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "business_phone" text;