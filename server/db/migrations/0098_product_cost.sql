ALTER TABLE "products" ADD COLUMN "cost" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_cost" CHECK ("products"."cost" >= 0);