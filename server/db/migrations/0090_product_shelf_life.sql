ALTER TABLE "products" ADD COLUMN "perishable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shelf_life_days" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_perishable_shelf_life" CHECK (not "products"."perishable" or "products"."shelf_life_days" is not null);