CREATE SEQUENCE "public"."chat_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "announcement_recipients" (
	"business_id" text NOT NULL,
	"announcement_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	CONSTRAINT "announcement_recipients_business_id_announcement_id_user_id_pk" PRIMARY KEY("business_id","announcement_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"business_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"role_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"requires_ack" boolean DEFAULT false NOT NULL,
	"author_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "chat_channels" (
	"business_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"location_id" uuid,
	"direct_key" text,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"last_seq" bigint,
	"last_message_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_channels_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "chat_members" (
	"business_id" text NOT NULL,
	"channel_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "chat_members_business_id_channel_id_user_id_pk" PRIMARY KEY("business_id","channel_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"business_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"seq" bigint NOT NULL,
	"change_seq" bigint NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"mentions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "chat_messages_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "chat_reads" (
	"business_id" text NOT NULL,
	"channel_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_seq" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_reads_business_id_user_id_channel_id_pk" PRIMARY KEY("business_id","user_id","channel_id")
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"business_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"category" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"search_key" text COLLATE "C",
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "faqs_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_business_id_announcement_id_announcements_business_id_id_fk" FOREIGN KEY ("business_id","announcement_id") REFERENCES "public"."announcements"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_business_id_user_id_users_business_id_id_fk" FOREIGN KEY ("business_id","user_id") REFERENCES "public"."users"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_business_id_author_id_users_business_id_id_fk" FOREIGN KEY ("business_id","author_id") REFERENCES "public"."users"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_channels" ADD CONSTRAINT "chat_channels_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_channels" ADD CONSTRAINT "chat_channels_business_id_location_id_locations_business_id_id_fk" FOREIGN KEY ("business_id","location_id") REFERENCES "public"."locations"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_business_id_channel_id_chat_channels_business_id_id_fk" FOREIGN KEY ("business_id","channel_id") REFERENCES "public"."chat_channels"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_business_id_user_id_users_business_id_id_fk" FOREIGN KEY ("business_id","user_id") REFERENCES "public"."users"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_business_id_channel_id_chat_channels_business_id_id_fk" FOREIGN KEY ("business_id","channel_id") REFERENCES "public"."chat_channels"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_business_id_author_id_users_business_id_id_fk" FOREIGN KEY ("business_id","author_id") REFERENCES "public"."users"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_business_id_channel_id_chat_channels_business_id_id_fk" FOREIGN KEY ("business_id","channel_id") REFERENCES "public"."chat_channels"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_business_id_user_id_users_business_id_id_fk" FOREIGN KEY ("business_id","user_id") REFERENCES "public"."users"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faqs" ADD CONSTRAINT "faqs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_recipients_user" ON "announcement_recipients" USING btree ("business_id","user_id");--> statement-breakpoint
CREATE INDEX "announcements_recent" ON "announcements" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_channels_everyone" ON "chat_channels" USING btree ("business_id") WHERE "chat_channels"."kind" = 'everyone';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_channels_location" ON "chat_channels" USING btree ("business_id","location_id") WHERE "chat_channels"."kind" = 'location';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_channels_direct" ON "chat_channels" USING btree ("business_id","direct_key") WHERE "chat_channels"."kind" = 'direct';--> statement-breakpoint
CREATE INDEX "chat_members_user" ON "chat_members" USING btree ("business_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client" ON "chat_messages" USING btree ("business_id","author_id","client_id");--> statement-breakpoint
CREATE INDEX "chat_messages_history" ON "chat_messages" USING btree ("business_id","channel_id","seq");--> statement-breakpoint
CREATE INDEX "chat_messages_changes" ON "chat_messages" USING btree ("business_id","change_seq");--> statement-breakpoint
CREATE INDEX "faqs_order" ON "faqs" USING btree ("business_id","category","position");--> statement-breakpoint
-- Hand-written (carry over when renumbering): the tenant wall and change announcements (0009, 0010).
SELECT rota_tenant_table(t) FROM unnest(ARRAY['chat_channels', 'chat_members', 'chat_messages', 'chat_reads', 'announcements', 'announcement_recipients', 'faqs']) AS t;
--> statement-breakpoint
SELECT rota_announce_changes(t) FROM unnest(ARRAY['announcements', 'faqs']) AS t;
