ALTER TYPE "public"."group_import_method" ADD VALUE 'behaviour';--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "behaviour" jsonb;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "computed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "compute_requested_at" timestamp with time zone;