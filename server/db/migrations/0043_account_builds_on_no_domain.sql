-- The keys from users to tenants and roles stay as 0000_init made them: only the schema's
-- declaration moved out of drizzle (server/account/others.ts), so the account domain imports
-- neither the tenant's nor the staff domain's schema. Nothing to change in the database.
SELECT 1;
