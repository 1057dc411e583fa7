CREATE TYPE "public"."entity_type" AS ENUM('individual', 'enterprise', 'government', 'other');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "contact" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "entity_type" "entity_type";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_avatar_files_id_fk" FOREIGN KEY ("avatar") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;