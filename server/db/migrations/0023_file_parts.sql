-- Files in parts (server/storage/schema.ts): what was one row becomes part 0.
ALTER TABLE "file_bytes" ADD COLUMN "part" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "file_bytes" DROP CONSTRAINT "file_bytes_pkey";--> statement-breakpoint
ALTER TABLE "file_bytes" ADD CONSTRAINT "file_bytes_id_part_pk" PRIMARY KEY("id","part");--> statement-breakpoint
-- Kept out of line without compression: the files are compressed already (PNG, WebP, .xlsx), so trying is wasted work on every megabyte.
ALTER TABLE "file_bytes" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
