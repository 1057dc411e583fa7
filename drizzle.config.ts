/**
 * drizzle-kit configuration for the reference upstream (server/). Generate a
 * migration after changing server/db/schema.ts:
 *   npx drizzle-kit generate --name <what-changed>
 * The SQL lands in server/db/migrations and is committed; openDatabase()
 * applies it on start (PGlite and PostgreSQL alike).
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  strict: true,
  verbose: true,
});
