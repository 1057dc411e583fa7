CREATE TYPE "public"."rollup_grain" AS ENUM('hour', 'day', 'month', 'year');--> statement-breakpoint
CREATE TABLE "sales_rollups" (
	"tenant_id" integer NOT NULL,
	"grain" "rollup_grain" NOT NULL,
	"bucket" timestamp NOT NULL,
	"device_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"sales" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_rollups_tenant_id_grain_bucket_device_id_product_id_pk" PRIMARY KEY("tenant_id","grain","bucket","device_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "sales_rollups" ADD CONSTRAINT "sales_rollups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_rollups_summary_idx" ON "sales_rollups" USING btree ("tenant_id","grain","bucket") WHERE "sales_rollups"."product_id" = 0 or "sales_rollups"."device_id" = 0;--> statement-breakpoint
CREATE INDEX "sales_rollups_time_idx" ON "sales_rollups" USING btree ("grain","bucket") WHERE "sales_rollups"."product_id" = 0 or "sales_rollups"."device_id" = 0;--> statement-breakpoint
CREATE INDEX "sales_rollups_device_idx" ON "sales_rollups" USING btree ("device_id","grain","bucket");