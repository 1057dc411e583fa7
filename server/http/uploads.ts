/**
 * An upload endpoint's request (EndpointDef `upload`): multipart/form-data
 * with one file part, read into the body its schema describes — the file's
 * name and its bytes as base64 — so validation and handlers treat it like
 * any other body. The size is bounded while reading (@fastify/multipart's
 * `fileSize`): a larger file is refused without being held whole, never
 * kept cut to the limit.
 */
import type { FastifyRequest } from 'fastify';
import type { EndpointDef } from '../../shared/api/define.js';
import { BizError } from './errors.js';

type Upload = NonNullable<EndpointDef['upload']>;

export async function uploadBody(request: FastifyRequest, upload: Upload): Promise<{ name: string; data: string }> {
  if (!request.isMultipart()) throw new BizError(upload.malformed);
  let part;
  try {
    part = await request.file({ limits: { fileSize: upload.maxBytes } });
  } catch {
    // A broken multipart body, or a field where the file should be.
    throw new BizError(upload.malformed);
  }
  if (!part || part.fieldname !== 'file') throw new BizError(upload.malformed);
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new BizError(upload.tooLarge);
    throw new BizError(upload.malformed);
  }
  // toBuffer() checks `truncated` after each chunk only: when the limit is met between two chunks, busboy marks the
  // file truncated after the last one and toBuffer() hands back the first `fileSize` bytes as if whole
  // (fastify/fastify-multipart#428, #542). The stream's own mark is the truth.
  if (part.file.truncated || bytes.length > upload.maxBytes) throw new BizError(upload.tooLarge);
  return { name: part.filename, data: bytes.toString('base64') };
}
