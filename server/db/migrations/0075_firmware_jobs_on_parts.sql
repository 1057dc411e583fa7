ALTER TABLE "firmware_jobs" DROP CONSTRAINT "firmware_jobs_device_id_devices_id_fk";
--> statement-breakpoint
DROP INDEX "firmware_jobs_device_active_idx";--> statement-breakpoint
DROP INDEX "firmware_jobs_rollout_idx";--> statement-breakpoint
ALTER TABLE "firmware_jobs" ALTER COLUMN "part_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "firmware_jobs_rollout_idx" ON "firmware_jobs" USING btree ("rollout_id");--> statement-breakpoint
ALTER TABLE "firmware_jobs" DROP COLUMN "device_id";--> statement-breakpoint
ALTER TABLE "firmware_jobs" DROP COLUMN "stage";--> statement-breakpoint
ALTER TABLE "firmware_jobs" DROP COLUMN "state";--> statement-breakpoint
ALTER TABLE "firmware_jobs" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "firmware_jobs" DROP COLUMN "next_try_at";--> statement-breakpoint
ALTER TABLE "firmware_jobs" DROP COLUMN "offered_at";--> statement-breakpoint
ALTER TABLE "firmware_jobs" DROP COLUMN "error";--> statement-breakpoint
ALTER TABLE "firmware_jobs" DROP COLUMN "updated_at";--> statement-breakpoint
DROP TYPE "public"."firmware_job_state";