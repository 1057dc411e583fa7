/**
 * Image formats of a category (spec §2 imgFormat, §3 "Image format: name,
 * number, description, required", §5: name, number, description and format
 * name required): which pictures a product of the category carries beyond
 * its main image (a detail picture, a device-screen banner…), and the format
 * each is made to (the format name: "800×800 JPG", "1080×1920 竖屏").
 */
import { z } from 'zod';
import { empty, endpoint, isoTime, ref, refParams, text } from '../api/define.js';

export const IMAGE_FORMAT_LIMITS = { name: 20, number: 20, description: 100, formatName: 30 } as const;

export const imageFormatForm = z.object({
  name: text(IMAGE_FORMAT_LIMITS.name),
  number: text(IMAGE_FORMAT_LIMITS.number).regex(/^[A-Za-z0-9_-]+$/, { message: 'validation.code' }),
  description: text(IMAGE_FORMAT_LIMITS.description),
  required: z.boolean(),
  formatName: text(IMAGE_FORMAT_LIMITS.formatName),
});
export type ImageFormatForm = z.infer<typeof imageFormatForm>;

export const imageFormatItem = imageFormatForm.extend({
  id: z.number().int(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  tenantId: z.number().int(),
  createdAt: isoTime,
});
export type ImageFormatItem = z.infer<typeof imageFormatItem>;

const readAccess = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: ['5-1', '5-2'] } as const;
const writeAccess = { ...readAccess, power: '5-1' } as const;
const params = refParams('imageFormat');

export const imageFormatApi = {
  'product.imageFormatList': endpoint({
    method: 'POST',
    reads: true,
    path: '/image-format/list',
    summary: 'The image formats of one category, in the order they were added.',
    body: z.object({ categoryId: ref('category') }),
    content: z.array(imageFormatItem),
    access: readAccess,
  }),
  'product.imageFormatCreate': endpoint({
    method: 'POST',
    path: '/image-format',
    summary: 'Add an image format to a category; its number is unique within the category (2807).',
    body: imageFormatForm.extend({ categoryId: ref('category') }),
    content: imageFormatItem,
    access: writeAccess,
  }),
  'product.imageFormatUpdate': endpoint({
    method: 'PUT',
    path: '/image-format/:id',
    summary: 'Edit an image format.',
    params,
    body: imageFormatForm,
    content: imageFormatItem,
    access: writeAccess,
  }),
  'product.imageFormatDelete': endpoint({
    method: 'DELETE',
    path: '/image-format/:id',
    summary: 'Remove an image format.',
    params,
    content: empty,
    access: writeAccess,
  }),
} as const;
