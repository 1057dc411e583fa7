-- Orders partitioned by month of created_at (server/order/schema.ts, docs/domains/order.md#by-month).
-- The data moves: the table is renamed, its partitioned successor made like it, filled, indexed as it was.
-- What a unique index or a foreign key on orders did and partitioning cannot: the sale ids in order_sales,
-- and no key from the tables naming an order (server/db/columns.ts orderId).
CREATE TABLE "order_sales" (
	"device_id" integer NOT NULL,
	"sale_id" text NOT NULL,
	"order_id" integer NOT NULL,
	"order_created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_sales_device_id_sale_id_pk" PRIMARY KEY("device_id","sale_id")
);
--> statement-breakpoint
INSERT INTO "order_sales" SELECT "device_id", "sale_id", "id", "created_at" FROM "orders" WHERE "sale_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "activity_uses" DROP CONSTRAINT "activity_uses_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "complaints" DROP CONSTRAINT "complaints_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "delivery_reviews" DROP CONSTRAINT "delivery_reviews_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_number_unique";
--> statement-breakpoint
DROP INDEX "orders_device_sale_idx";
--> statement-breakpoint
ALTER TABLE "orders" RENAME TO "orders_unpartitioned";
--> statement-breakpoint
CREATE TABLE "orders" (LIKE "orders_unpartitioned" INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING IDENTITY) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
CREATE TABLE "orders_default" PARTITION OF "orders" DEFAULT;
--> statement-breakpoint
-- The months from `first` to `last` (UTC months: bounds no setting can move), each made if missing. A month
-- whose orders went to orders_default meanwhile takes them along: made beside, filled, then attached, which
-- never locks the whole table (CREATE … PARTITION OF would). Serialised across upstreams by a lock.
CREATE FUNCTION "order_months_ensure"("first" timestamptz, "last" timestamptz) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  m timestamp := date_trunc('month', "first" AT TIME ZONE 'UTC');
  made integer := 0;
  name text;
  lo timestamptz;
  hi timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('order_months_ensure'));
  WHILE m <= "last" AT TIME ZONE 'UTC' LOOP
    name := 'orders_' || to_char(m, 'YYYY_MM');
    lo := m AT TIME ZONE 'UTC';
    hi := (m + interval '1 month') AT TIME ZONE 'UTC';
    IF to_regclass(name) IS NULL THEN
      EXECUTE format('CREATE TABLE %I (LIKE orders INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', name);
      EXECUTE format('WITH moved AS (DELETE FROM orders_default WHERE created_at >= %L AND created_at < %L RETURNING *) INSERT INTO %I SELECT * FROM moved', lo, hi, name);
      EXECUTE format('ALTER TABLE orders ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', name, lo, hi);
      made := made + 1;
    END IF;
    m := m + interval '1 month';
  END LOOP;
  RETURN made;
END $$;
--> statement-breakpoint
SELECT "order_months_ensure"(coalesce(min("created_at"), now()), now() + interval '3 months') FROM "orders_unpartitioned";
--> statement-breakpoint
INSERT INTO "orders" SELECT * FROM "orders_unpartitioned";
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('orders', 'id'), coalesce(max("id"), 0) + 1, false) FROM "orders";
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_id_created_at_pk" PRIMARY KEY("id","created_at");
--> statement-breakpoint
CREATE TEMP TABLE "order_index_definitions" AS SELECT "indexdef" FROM pg_indexes
  WHERE "schemaname" = current_schema() AND "tablename" = 'orders_unpartitioned'
    AND "indexname" NOT IN (SELECT "conname" FROM pg_constraint WHERE "conrelid" = 'orders_unpartitioned'::regclass);
--> statement-breakpoint
DROP TABLE "orders_unpartitioned";
--> statement-breakpoint
ALTER SEQUENCE "orders_id_seq1" RENAME TO "orders_id_seq";
--> statement-breakpoint
DO $$
DECLARE d text;
BEGIN
  FOR d IN SELECT "indexdef" FROM "order_index_definitions" LOOP
    EXECUTE replace(d, '.orders_unpartitioned ', '.orders ');
  END LOOP;
END $$;
--> statement-breakpoint
DROP TABLE "order_index_definitions";
