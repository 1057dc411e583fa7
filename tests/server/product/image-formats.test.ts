/** Image formats of a category (spec §3 Image format; §5: name, number, description, format name required). */
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { suiteApp } from '../helpers.js';
import { categoryOf as sharedCategoryOf } from './support.js';

const t = suiteApp(['tenant1', 'tenant2']);

const categoryOf = (tenant: 'A' | 'A1' | 'B', number: string) => sharedCategoryOf(t, tenant, number);
let made = 0;
const form = (over: Record<string, unknown> = {}) => ({
  name: `图片${++made}`,
  number: `IMG-${made}`,
  description: '测试用',
  required: false,
  formatName: '750×750 PNG',
  ...over,
});

describe('product.imageFormatList', () => {
  it("lists a category's formats in the order added, and refuses another tenant's category (1104)", async () => {
    const list = await t.ok(
      'product.imageFormatList',
      { body: { categoryId: await categoryOf('B', 'DRINK') } },
      t.token.tenant2,
    );
    expect(list.map((f) => [f.number, f.required])).toEqual([
      ['DETAIL', true],
      ['SCREEN', false],
    ]);
    expect(
      await t.code(
        'product.imageFormatList',
        { body: { categoryId: await categoryOf('B', 'DRINK') } },
        t.token.tenant1,
      ),
    ).toBe(CODE.categoryNotFound);
  });
});

describe('product.imageFormatCreate', () => {
  it('adds a format, and refuses a used number (2807) and missing fields', async () => {
    const categoryId = await categoryOf('B', 'SNACK');
    const created = await t.ok(
      'product.imageFormatCreate',
      { body: { ...form({ required: true }), categoryId } as never },
      t.token.tenant2,
    );
    expect(created).toMatchObject({ required: true, formatName: '750×750 PNG', categoryName: '零食' });
    expect(
      await t.code(
        'product.imageFormatCreate',
        { body: { ...form({ number: 'DETAIL' }), categoryId } as never },
        t.token.tenant2,
      ),
    ).toBe(CODE.imageFormatNumberTaken);
    expect(
      (
        await t.call(
          'product.imageFormatCreate',
          { body: { ...form({ formatName: '' }), categoryId } as never },
          t.token.tenant2,
        )
      ).body.content.fields,
    ).toEqual({ formatName: 'validation.required' });
  });
});

describe('product.imageFormatUpdate', () => {
  it("edits a format of the scope, and refuses another tenant's (2806)", async () => {
    const created = await t.ok(
      'product.imageFormatCreate',
      { body: { ...form(), categoryId: await categoryOf('B', 'SNACK') } as never },
      t.token.tenant2,
    );
    expect(
      await t.ok(
        'product.imageFormatUpdate',
        { params: { id: created.id }, body: form({ number: created.number, name: '包装背面' }) as never },
        t.token.tenant2,
      ),
    ).toMatchObject({ name: '包装背面' });
    expect(
      await t.code('product.imageFormatUpdate', { params: { id: created.id }, body: form() as never }, t.token.tenant1),
    ).toBe(CODE.imageFormatNotFound);
  });
});

describe('product.imageFormatDelete', () => {
  it("removes a format of the scope, and refuses another tenant's (2806)", async () => {
    const created = await t.ok(
      'product.imageFormatCreate',
      { body: { ...form(), categoryId: await categoryOf('B', 'SNACK') } as never },
      t.token.tenant2,
    );
    expect(await t.code('product.imageFormatDelete', { params: { id: created.id } }, t.token.tenant1)).toBe(
      CODE.imageFormatNotFound,
    );
    await t.ok('product.imageFormatDelete', { params: { id: created.id } }, t.token.tenant2);
    expect(await t.code('product.imageFormatDelete', { params: { id: created.id } }, t.token.tenant2)).toBe(
      CODE.imageFormatNotFound,
    );
  });
});
