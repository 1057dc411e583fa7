/**
 * A package file's upload, a part at a time (shared/firmware FIRMWARE_LIMITS
 * partBytes): the console reads the file a slice at a time and sends each
 * part with the SHA-256 of its bytes, so a progress bar is true, a part
 * damaged on the way is refused (1712) and sent again, and a broken upload
 * resumes with the parts it lacks. Parts wait in the database, where every
 * instance sees them, until a package streams them into the storage.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { FIRMWARE_LIMITS, partsOf } from '../../shared/firmware/index.js';
import type { Db, Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import type { AuthUser } from '../http/principal.js';
import { firmwareUploadParts as parts, firmwareUploads as uploads } from './schema.js';

/** The size of part `part` of a file of `size` bytes. */
const partSize = (size: number, part: number) =>
  Math.min(FIRMWARE_LIMITS.partBytes, size - part * FIRMWARE_LIMITS.partBytes);

export async function startUpload(db: Db, user: AuthUser, body: { name: string; size: number }) {
  if (body.size === 0) throw new BizError(CODE.packageFileEmpty);
  if (body.size > FIRMWARE_LIMITS.fileMaxBytes) throw new BizError(CODE.packageFileTooLarge);
  // Uploads left unfinished (a closed window) go with the next one's start.
  await db
    .delete(uploads)
    .where(lt(uploads.createdAt, sql`now() - make_interval(hours => ${FIRMWARE_LIMITS.uploadHours})`));
  const [row] = await db
    .insert(uploads)
    .values({ name: body.name, size: body.size, createdBy: user.id })
    .returning({ id: uploads.id });
  return { uploadId: row!.id, partBytes: FIRMWARE_LIMITS.partBytes, parts: partsOf(body.size) };
}

/** The caller's upload (another admin's is not found: each finishes their own). */
export async function uploadOf(db: Queryable, user: AuthUser, id: number) {
  const [row] = await db
    .select({ id: uploads.id, name: uploads.name, size: uploads.size })
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.createdBy, user.id)));
  if (!row) throw new BizError(CODE.uploadNotFound);
  return row;
}

export async function putPart(
  db: Db,
  user: AuthUser,
  id: number,
  part: number,
  body: { data: string; sha256: string },
) {
  const upload = await uploadOf(db, user, id);
  const bytes = Buffer.from(body.data, 'base64');
  if (part >= partsOf(upload.size) || bytes.length !== partSize(upload.size, part))
    throw new BizError(CODE.partOutOfRange);
  if (createHash('sha256').update(bytes).digest('hex') !== body.sha256) throw new BizError(CODE.partChecksum);
  await db
    .insert(parts)
    .values({ uploadId: id, part, bytes })
    .onConflictDoUpdate({ target: [parts.uploadId, parts.part], set: { bytes } });
  const [count] = await db
    .select({ received: sql<number>`count(*)::int` })
    .from(parts)
    .where(eq(parts.uploadId, id));
  return { received: count?.received ?? 0, parts: partsOf(upload.size) };
}

/** Every part there (1708 otherwise): what `partsStream` will yield adds up to the size the upload announced. */
export async function checkComplete(db: Queryable, upload: { id: number; size: number }): Promise<void> {
  const [held] = await db
    .select({
      parts: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(octet_length(${parts.bytes})), 0)::int`,
    })
    .from(parts)
    .where(eq(parts.uploadId, upload.id));
  if (held?.parts !== partsOf(upload.size) || held.bytes !== upload.size) throw new BizError(CODE.uploadIncomplete);
}

/** The upload's bytes in order, one part read at a time: the storage takes them as a stream. */
export async function* partsStream(db: Queryable, uploadId: number): AsyncIterable<Buffer> {
  const numbers = await db
    .select({ part: parts.part })
    .from(parts)
    .where(eq(parts.uploadId, uploadId))
    .orderBy(asc(parts.part));
  for (const { part } of numbers) {
    const [row] = await db
      .select({ bytes: parts.bytes })
      .from(parts)
      .where(and(eq(parts.uploadId, uploadId), eq(parts.part, part)));
    if (!row) throw new BizError(CODE.uploadIncomplete);
    yield row.bytes;
  }
}

export const dropUpload = (db: Queryable, id: number) => db.delete(uploads).where(eq(uploads.id, id));
