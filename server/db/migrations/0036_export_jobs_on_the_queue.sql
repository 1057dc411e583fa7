ALTER TABLE "export_jobs" DROP COLUMN "heartbeat_at";--> statement-breakpoint
-- Exports waiting or running when the upstream moved to the one queue (server/jobs) become its jobs.
INSERT INTO "jobs" ("kind", "payload") SELECT 'order.export', jsonb_build_object('exportId', "id") FROM "export_jobs" WHERE "state" IN ('queued', 'running') ORDER BY "id";
