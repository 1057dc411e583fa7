CREATE TABLE "product_recipe_items" (
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	"ingredient_id" integer NOT NULL,
	"quantity" double precision NOT NULL,
	CONSTRAINT "product_recipe_items_product_id_position_pk" PRIMARY KEY("product_id","position"),
	CONSTRAINT "product_recipe_items_ingredient_unique" UNIQUE("product_id","ingredient_id"),
	CONSTRAINT "product_recipe_items_quantity_positive" CHECK ("product_recipe_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_recipes" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_recipe_items" ADD CONSTRAINT "product_recipe_items_product_id_product_recipes_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product_recipes"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_recipe_items" ADD CONSTRAINT "product_recipe_items_ingredient_id_ingredients_id_fk" FOREIGN KEY ("ingredient_id") REFERENCES "public"."ingredients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_recipes" ADD CONSTRAINT "product_recipes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_recipe_items_ingredient_idx" ON "product_recipe_items" USING btree ("ingredient_id");