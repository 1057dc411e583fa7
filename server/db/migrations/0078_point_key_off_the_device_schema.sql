-- The key stays in the database: only its declaration left the device domain's schema (server/device/schema.ts),
-- which no longer reads the points' table (the point domain is built on devices, one way). The schema's snapshot
-- no longer holds it, so a later migration will not drop it; it says here whose it is.
COMMENT ON CONSTRAINT "devices_point_same_tenant_fk" ON "devices" IS 'the point domain''s: a device stands at a point of its own tenant (1413), and a point with devices is not deleted (1411)';
