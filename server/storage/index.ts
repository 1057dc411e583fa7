/**
 * Where file bytes live: a small port (put, get) so an object store can take
 * the place of these two. Content-addressed, so a put of bytes already held
 * is a no-op and a get never sees a half-written file.
 *
 * - `databaseStorage`: the bytes in PostgreSQL (`file_bytes`). Every upstream
 *   instance on one server sees every file with nothing else to share; the
 *   default for PostgreSQL and for the in-memory database.
 * - `diskStorage`: files under a directory (`<dir>/ab/abcdef…`), written to
 *   a temporary name and renamed; the default beside an embedded database on
 *   disk. Several instances need the directory shared.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { fileBytes } from './schema.js';

export interface FileStorage {
  readonly kind: 'database' | 'disk';
  put(id: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when none are held under this id. */
  get(id: string): Promise<Buffer | null>;
}

export function databaseStorage(db: Queryable): FileStorage {
  return {
    kind: 'database',
    async put(id, bytes) {
      await db.insert(fileBytes).values({ id, bytes }).onConflictDoNothing();
    },
    async get(id) {
      const [row] = await db.select({ bytes: fileBytes.bytes }).from(fileBytes).where(eq(fileBytes.id, id));
      return row?.bytes ?? null;
    },
  };
}

export function diskStorage(dir: string): FileStorage {
  // Ids are checked hex (shared/file fileId) before they reach here; the two-character folder keeps directories small.
  const pathOf = (id: string) => join(dir, id.slice(0, 2), id);
  return {
    kind: 'disk',
    async put(id, bytes) {
      const path = pathOf(id);
      await mkdir(join(dir, id.slice(0, 2)), { recursive: true });
      const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, path);
    },
    async get(id) {
      try {
        return await readFile(pathOf(id));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
  };
}
