CREATE TABLE "wallet_tier_sets" (
	"tenant_id" integer NOT NULL,
	"from_day" date NOT NULL,
	"tiers" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_tier_sets_tenant_id_from_day_pk" PRIMARY KEY("tenant_id","from_day")
);
--> statement-breakpoint
ALTER TABLE "wallet_tier_sets" ADD CONSTRAINT "wallet_tier_sets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_tier_sets" ADD CONSTRAINT "wallet_tier_sets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;