/**
 * Files (spec §5 "image required … JPG/GIF/PNG/BMP, at most 2MB", §8 family
 * 2201–2207): uploaded once, stored by the SHA-256 of their content, served
 * only to callers whose tenant holds them.
 */
import { z } from 'zod';
import { endpoint, str } from '../api/define.js';

/** Spec §9: images up to 2 MB. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Spec §5: JPG, GIF, PNG, BMP — judged by the content's magic bytes, never by the name. */
export const IMAGE_TYPES = ['image/jpeg', 'image/gif', 'image/png', 'image/bmp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
/** What a file picker offers. */
export const IMAGE_ACCEPT = '.jpg,.jpeg,.gif,.png,.bmp,image/jpeg,image/gif,image/png,image/bmp';

/**
 * How a file's bytes may be cached wherever they are served (upstream,
 * browser-mode host, desktop protocol): content-addressed, so the bytes
 * under an id never change; private, as they need the session.
 */
export const FILE_CACHE_CONTROL = 'private, max-age=31536000, immutable';

/** A file's id: the lower-case hex SHA-256 of its bytes. */
export const fileId = z
  .string()
  .length(64, { message: 'validation.invalid' })
  .regex(/^[0-9a-f]{64}$/, { message: 'validation.invalid' });

export const fileItem = z.object({
  id: fileId,
  mime: z.enum(IMAGE_TYPES),
  size: z.number().int(),
});
export type FileItem = z.infer<typeof fileItem>;

/** The longest base64 text of IMAGE_MAX_BYTES (4 characters per 3 bytes, padded). */
const BASE64_MAX = Math.ceil(IMAGE_MAX_BYTES / 3) * 4;

export const uploadBody = z.object({
  /** The file's own name (shown, never trusted: the content decides the type). */
  name: str().trim().min(1, { message: 'validation.required' }).max(255, { message: 'validation.maxLength' }),
  data: z
    .string()
    .max(BASE64_MAX, { message: 'file.validation.tooLarge' })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { message: 'validation.invalid' })
    .refine(
      (b64) =>
        Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0) <= IMAGE_MAX_BYTES,
      { message: 'file.validation.tooLarge' },
    ),
});

/**
 * Uploading is part of editing what the image belongs to — products (5-1,
 * 5-2), scene menus (2-9) — or one's own avatar, which every account has: any
 * signed-in user may upload, and using an image still needs the power of the
 * operation that takes it (and a grant in the caller's scope).
 */
const fileAccess = { auth: 'user', roles: ['admin', 'tenant', 'member', 'enterprise'] } as const;

export const fileApi = {
  'file.upload': endpoint({
    method: 'POST',
    path: '/file/upload',
    summary:
      'Upload one image (JPG, GIF, PNG or BMP by its content, at most 2 MB): 2201 not an image of those kinds, 2202 too large, 2203 empty.',
    body: uploadBody,
    // 2202 and 2205 (shared/file/errors.ts); the API layer cannot import the catalogue it is part of.
    upload: { maxBytes: IMAGE_MAX_BYTES, tooLarge: 2202, malformed: 2205 },
    content: fileItem,
    access: fileAccess,
    timeoutMs: 60_000,
  }),
  'file.content': endpoint({
    method: 'GET',
    path: '/file/:id',
    summary: "The bytes of a file the caller's scope holds, with its content type; 2204 otherwise.",
    params: z.object({ id: fileId }),
    content: z.object({ mime: z.enum(IMAGE_TYPES), bytes: z.instanceof(Uint8Array) }),
    binary: true,
    access: { auth: 'user', roles: ['admin', 'tenant', 'member', 'enterprise'] },
  }),
} as const;
