/** What the product tests share: a category of a demo tenant by number, and an uploaded picture's file id. */
import { and, eq } from 'drizzle-orm';
import { productCategories } from '../../../server/product/index.js';
import type { TestApp } from '../helpers.js';
import { multipart } from '../file/support.js';

export const categoryOf = async (t: TestApp, tenant: 'A' | 'A1' | 'B', number: string): Promise<number> =>
  (
    await t.db
      .select({ id: productCategories.id })
      .from(productCategories)
      .where(and(eq(productCategories.number, number), eq(productCategories.tenantId, t.ids.tenant(tenant))))
  )[0]!.id;

export async function uploadImage(t: TestApp, token: string, bytes: Buffer, name = 'p.png'): Promise<string> {
  const { body, contentType } = multipart('file', name, bytes);
  const res = await t.app.inject({
    method: 'POST',
    url: '/file/upload',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: body,
  });
  return res.json().content.id;
}
