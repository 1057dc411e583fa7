/**
 * drizzle-kit configuration for the reference upstream (server/). Each domain
 * keeps its tables in server/<domain>/schema.ts; the glob picks them up, so a
 * new domain's tables need no line here. Generate a migration after changing
 * one:
 *   npx drizzle-kit generate --name <what-changed>
 * The SQL lands in server/db/migrations and is committed; openDatabase()
 * applies it on start (PGlite and PostgreSQL alike).
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/*/schema.ts',
  out: './server/db/migrations',
  strict: true,
  verbose: true,
});
