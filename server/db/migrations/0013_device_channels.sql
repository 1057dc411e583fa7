CREATE TABLE "device_channels" (
	"device_id" integer NOT NULL,
	"number" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"product_id" integer,
	"price" integer,
	"staff_price" integer,
	CONSTRAINT "device_channels_device_id_number_pk" PRIMARY KEY("device_id","number"),
	CONSTRAINT "device_channels_stock_nonnegative" CHECK ("device_channels"."stock" >= 0),
	CONSTRAINT "device_channels_priced" CHECK ("device_channels"."product_id" is null or ("device_channels"."price" > 0 and "device_channels"."staff_price" > 0))
);
--> statement-breakpoint
ALTER TABLE "device_channels" ADD CONSTRAINT "device_channels_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_channels" ADD CONSTRAINT "device_channels_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_channels" ADD CONSTRAINT "device_channels_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_channels_product_idx" ON "device_channels" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "device_channels_tenant_idx" ON "device_channels" USING btree ("tenant_id");