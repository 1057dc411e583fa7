ALTER TABLE "price_change_devices" DROP CONSTRAINT "price_change_devices_device_id_devices_id_fk";
--> statement-breakpoint
DROP INDEX "device_push_parts_open_idx";--> statement-breakpoint
DROP INDEX "price_change_devices_open_idx";--> statement-breakpoint
DROP INDEX "price_change_devices_change_idx";--> statement-breakpoint
ALTER TABLE "price_change_devices" ALTER COLUMN "part_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "device_push_parts_device_idx" ON "device_push_parts" USING btree ("device_id","kind","step");--> statement-breakpoint
CREATE INDEX "price_change_devices_change_idx" ON "price_change_devices" USING btree ("change_id");--> statement-breakpoint
ALTER TABLE "price_change_devices" DROP COLUMN "device_id";--> statement-breakpoint
ALTER TABLE "price_change_devices" DROP COLUMN "state";--> statement-breakpoint
ALTER TABLE "price_change_devices" DROP COLUMN "reason";--> statement-breakpoint
ALTER TABLE "price_change_devices" DROP COLUMN "delivered_at";--> statement-breakpoint
ALTER TABLE "price_change_devices" DROP COLUMN "ended_at";--> statement-breakpoint
DROP TYPE "public"."price_device_state";