ALTER TABLE "refunds" ADD COLUMN "platform_state" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "platform_refund_id" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "platform_code" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;