DROP TABLE "staff_imports" CASCADE;--> statement-breakpoint
DROP TYPE "public"."staff_import_mode";--> statement-breakpoint
DROP TYPE "public"."staff_import_state";