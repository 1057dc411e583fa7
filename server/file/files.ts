/**
 * Uploading and serving files. The type is read from the bytes (file-type's
 * magic numbers), never from the name or the declared content type: a `.png`
 * that is a script is refused (2201). An upload by a tenant's user grants the
 * file to that tenant; serving needs a grant within the caller's scope (the
 * system admin's scope holds every file).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { createHash } from 'node:crypto';
import { CODE } from '../../shared/domains.js';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, type ImageType } from '../../shared/file/index.js';
import { BizError } from '../http/errors.js';
import type { AuthUser } from '../http/principal.js';
import type { Queryable } from '../db/index.js';
import type { Scope } from '../scope.js';
import { fileGrants, files } from './schema.js';
import type { FileStorage } from '../storage/index.js';

const isImageType = (mime: string | undefined): mime is ImageType =>
  (IMAGE_TYPES as readonly string[]).includes(mime ?? '');

/**
 * Stores bytes whose type is known good under the SHA-256 of their content
 * and returns that id; storing the same content again changes nothing.
 * Bytes first: a row never names bytes that are not there.
 */
export async function storeFile(db: Queryable, storage: FileStorage, bytes: Buffer, mime: ImageType): Promise<string> {
  const id = createHash('sha256').update(bytes).digest('hex');
  await storage.put(id, bytes);
  await db.insert(files).values({ id, mime, size: bytes.length }).onConflictDoNothing();
  return id;
}

/** Grants files to a tenant (an upload, or a product saved with them); granting twice is one grant. */
export async function grantFiles(db: Queryable, ids: readonly string[], tenantId: number): Promise<void> {
  if (!ids.length) return;
  await db
    .insert(fileGrants)
    .values(ids.map((fileId) => ({ fileId, tenantId })))
    .onConflictDoNothing();
}

/**
 * The ids among these that the caller's scope does not hold (a product may
 * only name images its caller could see): the admin's scope holds every
 * file, a tenant's those granted to a tenant in it. One query for all.
 */
export async function unheldFiles(db: Queryable, scope: Scope, ids: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  const rows = scope.all
    ? await db.select({ id: files.id }).from(files).where(inArray(files.id, wanted))
    : await db
        .selectDistinct({ id: fileGrants.fileId })
        .from(fileGrants)
        .where(and(inArray(fileGrants.fileId, wanted), scope.where(fileGrants.tenantId)));
  const held = new Set(rows.map((r) => r.id));
  return wanted.filter((id) => !held.has(id));
}

/** One image, judged by its bytes (2201 not an image we take, 2202 too large, 2203 empty), granted to the uploader's tenant. */
export async function uploadImage(db: Queryable, storage: FileStorage, user: AuthUser, data: string) {
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length === 0) throw new BizError(CODE.fileEmpty);
  if (bytes.length > IMAGE_MAX_BYTES) throw new BizError(CODE.fileTooLarge);
  const kind = await fileTypeFromBuffer(bytes);
  if (!isImageType(kind?.mime)) throw new BizError(CODE.fileTypeRefused);
  const id = await storeFile(db, storage, bytes, kind.mime);
  if (user.tenantId !== null) await grantFiles(db, [id], user.tenantId);
  return { id, mime: kind.mime, size: bytes.length };
}

/** A file's bytes for a caller whose scope holds it (2204 otherwise: another tenant's file is not found, not forbidden). */
export async function fileContent(db: Queryable, storage: FileStorage, scope: Scope, id: string) {
  if ((await unheldFiles(db, scope, [id])).length) throw new BizError(CODE.fileNotFound);
  const [row] = await db.select({ mime: files.mime }).from(files).where(eq(files.id, id));
  const bytes = await storage.get(id);
  if (!row || !bytes || !isImageType(row.mime)) throw new BizError(CODE.fileNotFound);
  return {
    mime: row.mime,
    bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) as Uint8Array<ArrayBuffer>,
  };
}
