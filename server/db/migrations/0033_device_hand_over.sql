ALTER TYPE "public"."allocation_action" ADD VALUE 'handOver';--> statement-breakpoint
ALTER TYPE "public"."allocation_action" ADD VALUE 'takeBack';