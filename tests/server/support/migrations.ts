/**
 * A migration tried on a database that already holds rows: `migratedWith`
 * migrates a fresh PGlite up to the migration before `tag`, lets `seed`
 * write the rows the migration must carry, then applies the rest. The
 * database is in-memory; `close` drops it and the copied migrations.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '../../../server/db/index.js';

export async function migratedWith(tag: string, seed: (client: PGlite) => Promise<void>) {
  const folder = await mkdtemp(join(tmpdir(), 'vend-migrations-'));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((e) => e.tag === tag);
  if (upTo < 0) throw new Error(`no migration ${tag}`);
  await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
  const client = await PGlite.create();
  const db = drizzle({ client });
  await migrate(db, { migrationsFolder: folder });
  await seed(client);
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  await migrate(db, { migrationsFolder: folder });
  return {
    client,
    rows: async <R>(query: string) => (await client.query<R>(query)).rows,
    close: async () => {
      await client.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
