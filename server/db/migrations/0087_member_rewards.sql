CREATE TYPE "public"."member_reward_kind" AS ENUM('signUp', 'birthday');--> statement-breakpoint
CREATE TABLE "member_reward_grants" (
	"member_id" integer NOT NULL,
	"kind" "member_reward_kind" NOT NULL,
	"year" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"points" integer NOT NULL,
	"coupon_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_reward_grants_member_id_kind_year_pk" PRIMARY KEY("member_id","kind","year")
);
--> statement-breakpoint
CREATE TABLE "member_rewards" (
	"tenant_id" integer NOT NULL,
	"kind" "member_reward_kind" NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"activity_id" integer,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_rewards_tenant_id_kind_pk" PRIMARY KEY("tenant_id","kind")
);
--> statement-breakpoint
ALTER TABLE "member_reward_grants" ADD CONSTRAINT "member_reward_grants_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_reward_grants" ADD CONSTRAINT "member_reward_grants_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_reward_grants" ADD CONSTRAINT "member_reward_grants_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_rewards" ADD CONSTRAINT "member_rewards_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_rewards" ADD CONSTRAINT "member_rewards_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_reward_grants_tenant_idx" ON "member_reward_grants" USING btree ("tenant_id");