ALTER TABLE "point_entries" ADD COLUMN "owed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- An earn that paid a debt off wrote a settle entry of −n points, counting the n a second time (the reverse had
-- counted them already): it moves the debt, not the balance less the debt.
UPDATE "point_entries" SET "owed" = "points", "points" = 0 WHERE "kind" = 'settle';
