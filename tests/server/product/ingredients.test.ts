/** Ingredients (spec §3: number, name, type solid or liquid, units). */
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { suiteApp } from '../helpers.js';

const t = suiteApp(['tenant1', 'tenant2']);

let made = 0;
const form = (over: Record<string, unknown> = {}) => ({
  number: `ING-${++made}`,
  name: `原料${made}`,
  type: 'solid',
  unit: 'g',
  ...over,
});

describe('product.ingredientPage', () => {
  it('lists the visible ingredients by number, filtered by keyword (pinyin too) and type', async () => {
    const all = await t.ok('product.ingredientPage', { query: { pageSize: 50 }, body: {} }, t.token.tenant2);
    expect(all.total).toBe(8);
    expect(all.list.map((i) => i.number)).toEqual([...all.list.map((i) => i.number)].sort());
    const liquids = await t.ok('product.ingredientPage', { query: {}, body: { type: 'liquid' } }, t.token.tenant2);
    expect(liquids.list.map((i) => i.name).sort()).toEqual(['全脂牛奶', '纯净水'].sort());
    expect(
      (await t.ok('product.ingredientPage', { query: {}, body: { keyword: 'kekefen' } }, t.token.tenant2)).list.map(
        (i) => i.name,
      ),
    ).toEqual(['可可粉']);
    // Tenant A and its second-level tenant: A's eight (A1 sells no coffee).
    expect((await t.ok('product.ingredientPage', { query: { pageSize: 50 }, body: {} }, t.token.tenant1)).total).toBe(
      8,
    );
  });
});

describe('product.ingredientCreate', () => {
  it('creates an ingredient with a unit of its type, and refuses a unit of the other type as a field error', async () => {
    const created = await t.ok(
      'product.ingredientCreate',
      { body: form({ name: '燕麦奶', type: 'liquid', unit: 'ml' }) as never },
      t.token.tenant2,
    );
    expect(created).toMatchObject({ name: '燕麦奶', type: 'liquid', unit: 'ml', tenantName: '华南智慧零售有限公司' });
    const wrong = await t.call(
      'product.ingredientCreate',
      { body: form({ type: 'liquid', unit: 'g' }) as never },
      t.token.tenant2,
    );
    expect(wrong.body.content.fields).toEqual({ unit: 'product.validation.unit' });
  });

  it('refuses a number the tenant uses (2802), and makes the admin name the tenant (1402)', async () => {
    expect(
      (await t.call('product.ingredientCreate', { body: form({ number: 'SUGAR' }) as never }, t.token.tenant2)).body
        .code,
    ).toBe(CODE.ingredientNumberTaken);
    expect(await t.code('product.ingredientCreate', { body: form() as never }, await t.signIn('admin'))).toBe(
      CODE.tenantRequired,
    );
  });
});

describe('product.ingredientUpdate', () => {
  it("edits an ingredient of the scope, and refuses another tenant's (2801)", async () => {
    const created = await t.ok('product.ingredientCreate', { body: form() as never }, t.token.tenant2);
    const edited = await t.ok(
      'product.ingredientUpdate',
      { params: { id: created.id }, body: form({ number: created.number, name: '冰糖', unit: 'kg' }) as never },
      t.token.tenant2,
    );
    expect(edited).toMatchObject({ name: '冰糖', unit: 'kg' });
    expect(
      (await t.call('product.ingredientUpdate', { params: { id: created.id }, body: form() as never }, t.token.tenant1))
        .body.code,
    ).toBe(CODE.ingredientNotFound);
    expect(
      await t.code(
        'product.ingredientUpdate',
        { params: { id: created.id }, body: form({ number: 'SUGAR' }) as never },
        t.token.tenant2,
      ),
    ).toBe(CODE.ingredientNumberTaken);
  });
});

describe('product.ingredientDelete', () => {
  it("deletes an ingredient of the scope, and refuses another tenant's (2801)", async () => {
    const created = await t.ok('product.ingredientCreate', { body: form() as never }, t.token.tenant2);
    expect(await t.code('product.ingredientDelete', { params: { id: created.id } }, t.token.tenant1)).toBe(
      CODE.ingredientNotFound,
    );
    await t.ok('product.ingredientDelete', { params: { id: created.id } }, t.token.tenant2);
    expect(await t.code('product.ingredientDelete', { params: { id: created.id } }, t.token.tenant2)).toBe(
      CODE.ingredientNotFound,
    );
  });
});
