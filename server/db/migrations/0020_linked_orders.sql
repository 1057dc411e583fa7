CREATE TYPE "public"."scene_order_state" AS ENUM('notStarted', 'inProgress', 'interrupted', 'ended');--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "device_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "device_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "linkage_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "scene_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "scene_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "scene_state" "scene_order_state";--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;