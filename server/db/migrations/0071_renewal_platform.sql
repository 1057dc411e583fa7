ALTER TABLE "billing_settings" ADD COLUMN "payee_tenant_id" integer;--> statement-breakpoint
ALTER TABLE "renewals" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "renewals" ADD COLUMN "pay_url" text;--> statement-breakpoint
ALTER TABLE "renewals" ADD COLUMN "platform_number" text;--> statement-breakpoint
ALTER TABLE "renewals" ADD COLUMN "platform_code" text;--> statement-breakpoint
ALTER TABLE "renewals" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_payee_tenant_id_tenants_id_fk" FOREIGN KEY ("payee_tenant_id") REFERENCES "public"."tenants"("id") ON DELETE set null ON UPDATE no action;