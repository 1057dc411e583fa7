ALTER TABLE "orders" RENAME COLUMN "staff" TO "customer_staff";--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "staff_id" TO "customer_staff_id";--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "staff_name" TO "customer_staff_name";--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "staff_phone" TO "customer_staff_phone";--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "staff_card" TO "customer_staff_card";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "orders_staff_id_customer_staff_id_fk" TO "orders_customer_staff_id_customer_staff_id_fk";--> statement-breakpoint
ALTER TABLE "device_channels" RENAME COLUMN "staff_price" TO "customer_staff_price";
