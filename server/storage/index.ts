/**
 * Where file bytes live: a small port (put, get; a stream in, a stream out)
 * so an object store can take the place of these two. Content-addressed, so
 * a put of bytes already held is a no-op and a get never sees a half-written
 * file.
 *
 * - `databaseStorage`: the bytes in PostgreSQL (`file_bytes`, in parts of
 *   about a megabyte). Every upstream instance on one server sees every file
 *   with nothing else to share; the default for PostgreSQL and for the
 *   in-memory database.
 * - `diskStorage`: files under a directory (`<dir>/ab/abcdef…`), written to
 *   a temporary name and renamed; when STORAGE_DIR names one. Several
 *   instances need the directory shared.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, asc, eq, like, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { pgErrorCode, UNIQUE_VIOLATION } from '../db/sql.js';
import { fileBytes } from './schema.js';

/** A file kept from a stream: its id (the SHA-256 of its bytes, hex) and its size in bytes. */
export interface StoredFile {
  id: string;
  size: number;
}

export interface FileStorage {
  readonly kind: 'database' | 'disk';
  put(id: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when none are held under this id. */
  get(id: string): Promise<Buffer | null>;
  /**
   * Keeps what `source` yields as it comes, hashing it on the way, and never
   * holds more than a part of it; answers its id and size. When the source
   * fails nothing is kept and the failure is the answer.
   */
  putStream(source: AsyncIterable<Uint8Array>): Promise<StoredFile>;
  /** The bytes a part at a time, or null when none are held under this id. */
  read(id: string): Promise<AsyncIterable<Buffer> | null>;
  /**
   * Bytes `start` to `end` (both included, within the file) a part at a
   * time, or null when none are held under this id: a download that broke
   * resumes where it stopped, and nothing before is read.
   */
  readRange(id: string, start: number, end: number): Promise<AsyncIterable<Buffer> | null>;
  /** Forgets the bytes held under this id (none: nothing to do). The caller knows nothing names them any more. */
  remove(id: string): Promise<void>;
}

/** The size of a part in the database: big enough that a 100 MB file is a hundred inserts, small enough to hold. */
const PART_BYTES = 1 << 20;
/** A stream's parts are kept under this prefix until the whole is there, then renamed to the file's id. */
const UPLOAD = 'upload-';
/** An upload older than this was cut off (its instance stopped): the next upload removes it. */
const UPLOAD_ABANDONED_MS = 24 * 3600_000;

const asBuffer = (chunk: Uint8Array) =>
  Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);

/** What both storages learn of a stream as it passes: the hash that names it and its size. */
function tally() {
  const hash = createHash('sha256');
  let size = 0;
  return {
    add(bytes: Buffer) {
      hash.update(bytes);
      size += bytes.length;
    },
    file: (): StoredFile => ({ id: hash.digest('hex'), size }),
  };
}

export function databaseStorage(db: Queryable): FileStorage {
  return {
    kind: 'database',
    async put(id, bytes) {
      await db.insert(fileBytes).values({ id, part: 0, bytes }).onConflictDoNothing();
    },
    async get(id) {
      const rows = await db
        .select({ bytes: fileBytes.bytes })
        .from(fileBytes)
        .where(eq(fileBytes.id, id))
        .orderBy(asc(fileBytes.part));
      return rows.length === 0 ? null : rows.length === 1 ? rows[0]!.bytes : Buffer.concat(rows.map((r) => r.bytes));
    },
    async putStream(source) {
      // The time leads the temporary id (13 digits until the year 2286), so abandoned uploads compare as older.
      const upload = `${UPLOAD}${Date.now()}-${randomBytes(6).toString('hex')}`;
      await db
        .delete(fileBytes)
        .where(and(like(fileBytes.id, `${UPLOAD}%`), lt(fileBytes.id, `${UPLOAD}${Date.now() - UPLOAD_ABANDONED_MS}`)));
      const seen = tally();
      let part = 0;
      let held: Buffer[] = [];
      let heldBytes = 0;
      const flush = async () => {
        const bytes = Buffer.concat(held, heldBytes);
        held = [];
        heldBytes = 0;
        await db.insert(fileBytes).values({ id: upload, part: part++, bytes });
      };
      try {
        for await (const chunk of source) {
          const bytes = asBuffer(chunk);
          seen.add(bytes);
          held.push(bytes);
          heldBytes += bytes.length;
          // Waiting for the insert is the back-pressure: the source is not read meanwhile.
          if (heldBytes >= PART_BYTES) await flush();
        }
        if (heldBytes > 0 || part === 0) await flush();
        const file = seen.file();
        try {
          // One statement: the parts appear under the id all at once. Unchanged out-of-line bytes are not rewritten.
          await db.update(fileBytes).set({ id: file.id }).where(eq(fileBytes.id, upload));
        } catch (err) {
          // The same bytes are kept already (by an earlier stream, or another instance's just now): theirs stay.
          if (pgErrorCode(err) !== UNIQUE_VIOLATION) throw err;
          await db.delete(fileBytes).where(eq(fileBytes.id, upload));
        }
        return file;
      } catch (err) {
        await db
          .delete(fileBytes)
          .where(eq(fileBytes.id, upload))
          .catch(() => {});
        throw err;
      }
    },
    async read(id) {
      const parts = await db
        .select({ part: fileBytes.part })
        .from(fileBytes)
        .where(eq(fileBytes.id, id))
        .orderBy(asc(fileBytes.part));
      if (parts.length === 0) return null;
      return (async function* () {
        for (const { part } of parts) {
          const [row] = await db
            .select({ bytes: fileBytes.bytes })
            .from(fileBytes)
            .where(and(eq(fileBytes.id, id), eq(fileBytes.part, part)));
          if (!row) throw new Error(`file ${id} lost its part ${part} while being read`);
          yield row.bytes;
        }
      })();
    },
    async readRange(id, start, end) {
      const parts = await db
        .select({ part: fileBytes.part, size: sql<number>`octet_length(${fileBytes.bytes})` })
        .from(fileBytes)
        .where(eq(fileBytes.id, id))
        .orderBy(asc(fileBytes.part));
      if (parts.length === 0) return null;
      return (async function* () {
        let at = 0;
        for (const { part, size } of parts) {
          const from = Math.max(start, at);
          const to = Math.min(end, at + size - 1);
          if (from <= to) {
            // PostgreSQL cuts the part: only the bytes asked for cross to the upstream.
            const [row] = await db
              .select({
                bytes: sql<Uint8Array>`substring(${fileBytes.bytes} from ${from - at + 1} for ${to - from + 1})`,
              })
              .from(fileBytes)
              .where(and(eq(fileBytes.id, id), eq(fileBytes.part, part)));
            if (!row) throw new Error(`file ${id} lost its part ${part} while being read`);
            yield Buffer.from(row.bytes);
          }
          at += size;
          if (at > end) return;
        }
      })();
    },
    async remove(id) {
      await db.delete(fileBytes).where(eq(fileBytes.id, id));
    },
  };
}

export function diskStorage(dir: string): FileStorage {
  // Ids are checked hex (shared/file fileId) before they reach here; the two-character folder keeps directories small.
  const pathOf = (id: string) => join(dir, id.slice(0, 2), id);
  const temporary = (name: string) => `${name}.${randomBytes(6).toString('hex')}.tmp`;
  const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';
  /** Removes the temporary files of streams cut off more than a day ago (their instance stopped), as the database storage does. */
  const sweepUploads = async () => {
    const before = Date.now() - UPLOAD_ABANDONED_MS;
    for (const name of await readdir(dir)) {
      if (!/^upload\.[0-9a-f]{12}\.tmp$/.test(name)) continue;
      const path = join(dir, name);
      // Gone meanwhile (another instance swept it, or its stream just ended): nothing to do.
      const modified = await stat(path).then(
        (s) => s.mtimeMs,
        () => Infinity,
      );
      if (modified < before) await rm(path, { force: true });
    }
  };
  return {
    kind: 'disk',
    async put(id, bytes) {
      const path = pathOf(id);
      await mkdir(join(dir, id.slice(0, 2)), { recursive: true });
      const temp = temporary(path);
      await writeFile(temp, bytes);
      await rename(temp, path);
    },
    async get(id) {
      try {
        return await readFile(pathOf(id));
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async putStream(source) {
      await mkdir(dir, { recursive: true });
      await sweepUploads();
      const temp = temporary(join(dir, 'upload'));
      const seen = tally();
      try {
        // The pipeline carries the back-pressure and ends (or destroys) every side.
        await pipeline(
          source,
          async function* (chunks: AsyncIterable<Uint8Array>) {
            for await (const chunk of chunks) {
              const bytes = asBuffer(chunk);
              seen.add(bytes);
              yield bytes;
            }
          },
          createWriteStream(temp),
        );
        const file = seen.file();
        await mkdir(join(dir, file.id.slice(0, 2)), { recursive: true });
        await rename(temp, pathOf(file.id));
        return file;
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },
    async read(id) {
      try {
        await stat(pathOf(id));
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
      return createReadStream(pathOf(id), { highWaterMark: PART_BYTES });
    },
    async readRange(id, start, end) {
      try {
        await stat(pathOf(id));
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
      return createReadStream(pathOf(id), { highWaterMark: PART_BYTES, start, end });
    },
    async remove(id) {
      await rm(pathOf(id), { force: true });
    },
  };
}

/** The storage an upstream was built with, as a domain's route config hands it to a handler (server/manifest.ts `routeConfig`). */
export const storageIn = (config: unknown): FileStorage => (config as { storage: FileStorage }).storage;
