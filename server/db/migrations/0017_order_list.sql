CREATE INDEX "orders_time_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_point_time_idx" ON "orders" USING btree ("point_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_number_prefix_idx" ON "orders" USING btree ("number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_third_party_idx" ON "orders" USING btree ("third_party_number");--> statement-breakpoint
CREATE INDEX "orders_root_refunded_idx" ON "orders" USING btree ("root_tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "orders"."refund_state" <> 'none';--> statement-breakpoint
CREATE INDEX "orders_refunded_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "orders"."refund_state" <> 'none';--> statement-breakpoint
CREATE INDEX "orders_root_unpaid_idx" ON "orders" USING btree ("root_tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "orders"."payment_state" <> 'success';--> statement-breakpoint
CREATE INDEX "orders_unpaid_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "orders"."payment_state" <> 'success';--> statement-breakpoint
CREATE INDEX "orders_root_undelivered_idx" ON "orders" USING btree ("root_tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "orders"."delivery_state" not in ('allDelivered', 'notStarted');--> statement-breakpoint
CREATE INDEX "orders_undelivered_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "orders"."delivery_state" not in ('allDelivered', 'notStarted');