ALTER TABLE "points" ADD COLUMN "area_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "points_tenant_area_idx" ON "points" USING btree ("tenant_id","area_code" text_pattern_ops);