ALTER TABLE "devices" ADD COLUMN "capacity" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "authorised" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "sales_notice" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "warning_value" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "channel_sales_limit" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "order_limit" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "notifications" jsonb DEFAULT '{"fault":true,"online":true,"lock":true,"replenish":true,"sales":true,"warning":true,"complaint":true}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_channel_sales_limit" CHECK ("devices"."channel_sales_limit" between 1 and 5);--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_order_limit" CHECK ("devices"."order_limit" between 1 and 10);