/**
 * A package's file for a machine (shared/firmware/machine.ts): streamed out
 * of the storage, the whole or the one range asked for, so a download cut
 * off at any byte resumes there. `range-parser` (jshttp's, as Express's
 * static files use it) reads the Range header; a malformed one, or several
 * ranges, is answered with the whole file, as RFC 9110 allows.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import { CODE } from '../../shared/domains.js';
import { CHECKSUM_HEADER } from '../../shared/firmware/index.js';
import type { Queryable } from '../db/index.js';
import { deviceModels, devices } from '../device/index.js';
import { BizError } from '../http/errors.js';
import type { FileStorage } from '../storage/index.js';
import { firmwarePackages as p } from './schema.js';

const MIME = 'application/octet-stream';

export async function downloadPackage(
  db: Queryable,
  storage: FileStorage,
  deviceId: number,
  packageId: number,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const [pkg] = await db
    .select({ fileId: p.fileId, size: p.size })
    .from(p)
    .innerJoin(deviceModels, eq(deviceModels.id, p.modelId))
    .innerJoin(devices, and(eq(devices.model, deviceModels.name), eq(devices.id, deviceId)))
    .where(and(eq(p.id, packageId), ne(p.state, 'draft')));
  if (!pkg) throw new BizError(CODE.packageNotFound);
  const asked =
    request.headers.range === undefined ? -2 : parseRange(pkg.size, request.headers.range, { combine: true });
  if (asked === -1) {
    void reply.header('content-range', `bytes */${pkg.size}`);
    throw new BizError(CODE.rangeNotSatisfiable);
  }
  const range = Array.isArray(asked) && asked.type === 'bytes' && asked.length === 1 ? asked[0]! : null;
  const start = range?.start ?? 0;
  const end = range?.end ?? pkg.size - 1;
  const bytes = await storage.readRange(pkg.fileId, start, end);
  if (!bytes) throw new BizError(CODE.packageNotFound);
  void reply
    .header('accept-ranges', 'bytes')
    .header('etag', `"${pkg.fileId}"`)
    .header(CHECKSUM_HEADER, pkg.fileId)
    .header('content-length', String(end - start + 1));
  if (range) void reply.code(206).header('content-range', `bytes ${start}-${end}/${pkg.size}`);
  return { mime: MIME, bytes };
}
