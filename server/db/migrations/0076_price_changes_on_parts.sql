ALTER TABLE "price_change_devices" ADD COLUMN "part_id" integer;--> statement-breakpoint
ALTER TABLE "price_change_devices" ADD CONSTRAINT "price_change_devices_part_id_device_push_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."device_push_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_change_devices" ADD CONSTRAINT "price_change_devices_part_id_unique" UNIQUE("part_id");--> statement-breakpoint
INSERT INTO "device_push_parts" ("kind", "push_id", "device_id", "step", "next_try_at", "started_at", "heard_at", "ended_at", "reason")
SELECT 'price', d."change_id", d."device_id",
  (CASE d."state" WHEN 'pending' THEN 'waiting' WHEN 'delivered' THEN 'working' WHEN 'applied' THEN 'done'
    ELSE d."state"::text END)::"push_step",
  c."created_at", d."delivered_at", coalesce(d."ended_at", d."delivered_at", c."created_at"), d."ended_at", d."reason"
FROM "price_change_devices" d JOIN "price_changes" c ON c."id" = d."change_id" ORDER BY d."id";--> statement-breakpoint
UPDATE "price_change_devices" d SET "part_id" = p."id"
FROM "device_push_parts" p
WHERE p."kind" = 'price' AND p."push_id" = d."change_id" AND p."device_id" = d."device_id";
