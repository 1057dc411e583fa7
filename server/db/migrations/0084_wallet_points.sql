ALTER TABLE "wallet_settings" ADD COLUMN "points_per_yuan" integer;--> statement-breakpoint
ALTER TABLE "wallet_settings" ADD COLUMN "points_max_percent" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_settings" ADD CONSTRAINT "wallet_settings_points" CHECK (("wallet_settings"."points_per_yuan" is null or "wallet_settings"."points_per_yuan" between 1 and 10000)
        and "wallet_settings"."points_max_percent" between 0 and 100);