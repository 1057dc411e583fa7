ALTER TABLE "stock_moves" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD COLUMN "tenant_id" integer;--> statement-breakpoint
-- The moves made so far are given their channel's goods and owner of today: the history never said which they
-- were, and a channel mostly keeps its goods. From now on the trigger writes what they were at the move.
UPDATE "stock_moves" m SET "product_id" = c."product_id", "tenant_id" = c."tenant_id"
FROM "device_channels" c WHERE c."device_id" = m."device_id" AND c."number" = m."channel";--> statement-breakpoint
CREATE INDEX "stock_moves_tenant_time_idx" ON "stock_moves" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE INDEX "stock_moves_time_idx" ON "stock_moves" USING btree ("at");--> statement-breakpoint
-- A channel given other goods, or its device another owner: what it held leaves the old product and tenant
-- ('changed': no loss, someone took the goods out or the machine changed hands), and what it holds after joins
-- the new — as new goods put in by the transaction's cause when the product changed, carried along ('changed')
-- when only the owner did. A channel's moves still sum to its stock.
CREATE OR REPLACE FUNCTION stock_moves_record() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  why text := coalesce(nullif(current_setting('vend.stock_cause', true), ''), 'edit');
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM stock_moves WHERE device_id = OLD.device_id AND channel = OLD.number;
  ELSIF TG_OP = 'INSERT' THEN
    IF NEW.stock <> 0 THEN
      INSERT INTO stock_moves (device_id, channel, product_id, tenant_id, delta, cause)
      VALUES (NEW.device_id, NEW.number, NEW.product_id, NEW.tenant_id, NEW.stock, 'opening');
    END IF;
  ELSIF NEW.product_id IS DISTINCT FROM OLD.product_id OR NEW.tenant_id IS DISTINCT FROM OLD.tenant_id THEN
    IF OLD.stock <> 0 THEN
      INSERT INTO stock_moves (device_id, channel, product_id, tenant_id, delta, cause)
      VALUES (OLD.device_id, OLD.number, OLD.product_id, OLD.tenant_id, -OLD.stock, 'changed');
    END IF;
    IF NEW.stock <> 0 THEN
      INSERT INTO stock_moves (device_id, channel, product_id, tenant_id, delta, cause)
      VALUES (NEW.device_id, NEW.number, NEW.product_id, NEW.tenant_id, NEW.stock,
              CASE WHEN NEW.product_id IS DISTINCT FROM OLD.product_id THEN why ELSE 'changed' END);
    END IF;
  ELSIF NEW.stock <> OLD.stock THEN
    INSERT INTO stock_moves (device_id, channel, product_id, tenant_id, delta, cause)
    VALUES (NEW.device_id, NEW.number, NEW.product_id, NEW.tenant_id, NEW.stock - OLD.stock, why);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER device_channels_stock_record ON device_channels;--> statement-breakpoint
CREATE TRIGGER device_channels_stock_record AFTER INSERT OR DELETE OR UPDATE OF stock, product_id, tenant_id ON device_channels
FOR EACH ROW EXECUTE FUNCTION stock_moves_record();
