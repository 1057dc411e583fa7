CREATE TABLE "payment_secrets" (
	"tenant_id" integer NOT NULL,
	"section" text NOT NULL,
	"field" text NOT NULL,
	"key_id" text NOT NULL,
	"iv" text NOT NULL,
	"tag" text NOT NULL,
	"data" text NOT NULL,
	"last4" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_secrets_tenant_id_section_field_pk" PRIMARY KEY("tenant_id","section","field")
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"plain" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_secrets" ADD CONSTRAINT "payment_secrets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_secrets_key_idx" ON "payment_secrets" USING btree ("key_id");