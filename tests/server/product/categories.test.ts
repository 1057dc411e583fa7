/** Category rules (spec §5): name 1–10, number 1–20, required fields, tree, delete refused with children or products. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CODE } from '../../../shared/domains.js';
import { productCategories, products } from '../../../server/product/index.js';
import { suiteApp } from '../helpers.js';

const t = suiteApp(['tenant1', 'tenant2', 'admin']);

let made = 0;
const form = (over: Record<string, unknown> = {}) => ({
  name: `测试分类${++made}`,
  number: `T-${made}`,
  description: '测试用',
  remark: '无',
  parentId: null,
  ...over,
});
const idOf = async (tenant: 'A' | 'A1' | 'B', number: string) => {
  const rows = await t.db
    .select({ id: productCategories.id, tenantId: productCategories.tenantId })
    .from(productCategories)
    .where(eq(productCategories.number, number));
  return rows.find((r) => r.tenantId === t.ids.tenant(tenant))!.id;
};

describe('product.categoryPage', () => {
  it("lists a tenant's tree in order, each category after its parent, with counts and the parent's name", async () => {
    const page = await t.ok(
      'product.categoryPage',
      { query: { pageNum: 1, pageSize: 100 }, body: {} },
      t.token.tenant2,
    );
    expect(page.list.map((c) => c.number)).toEqual([
      'COFFEE',
      'COFFEE-FRESH',
      'COFFEE-RTD',
      'DRINK',
      'DRINK-JUICE',
      'DRINK-SODA',
      'DRINK-TEA',
      'DRINK-WATER',
      'SNACK',
      'SNACK-BISCUIT',
      'SNACK-CANDY',
      'SNACK-NUT',
      'SNACK-PUFF',
    ]);
    const drinks = page.list.find((c) => c.number === 'DRINK')!;
    expect(drinks).toMatchObject({
      name: '饮料',
      depth: 0,
      parentId: null,
      parentName: null,
      childCount: 4,
      productCount: 0,
      tenantName: '华南智慧零售有限公司',
    });
    expect(page.list.find((c) => c.number === 'DRINK-SODA')).toMatchObject({
      depth: 1,
      parentId: drinks.id,
      parentName: '饮料',
      childCount: 0,
    });
  });

  it("pages by whole trees: a parent's children are on its page, never the next", async () => {
    const page = (pageNum: number) =>
      t.ok('product.categoryPage', { query: { pageNum, pageSize: 2 }, body: {} }, t.token.tenant2);
    const [first, second] = [await page(1), await page(2)];
    expect(first.total).toBe(3);
    expect(first.list.map((c) => c.number)).toEqual([
      'COFFEE',
      'COFFEE-FRESH',
      'COFFEE-RTD',
      'DRINK',
      'DRINK-JUICE',
      'DRINK-SODA',
      'DRINK-TEA',
      'DRINK-WATER',
    ]);
    expect(second.list.map((c) => c.number)).toEqual([
      'SNACK',
      'SNACK-BISCUIT',
      'SNACK-CANDY',
      'SNACK-NUT',
      'SNACK-PUFF',
    ]);
    // A match without its parent is a group of its own.
    const found = await t.ok(
      'product.categoryPage',
      { query: { pageNum: 1, pageSize: 1 }, body: { keyword: 'TSYL' } },
      t.token.tenant2,
    );
    expect([found.total, found.list.map((c) => c.number)]).toEqual([1, ['DRINK-SODA']]);
  });

  it("shows a first-level tenant its second-level tenant's categories too, and filters by tenant", async () => {
    const all = await t.ok('product.categoryPage', { query: { pageSize: 200 }, body: {} }, t.token.tenant1);
    expect(new Set(all.list.map((c) => c.tenantName))).toEqual(
      new Set(['华东智售科技有限公司', '苏州地铁零售有限公司']),
    );
    const own = await t.ok(
      'product.categoryPage',
      { query: { pageSize: 200 }, body: { tenantId: t.ids.tenant('A1') } },
      t.token.tenant1,
    );
    expect(own.list).toHaveLength(10);
    // The total counts trees: one per top-level category.
    expect(own.total).toBe(own.list.filter((c) => c.depth === 0).length);
    expect(new Set(own.list.map((c) => c.tenantId))).toEqual(new Set([t.ids.tenant('A1')]));
    const foreign = await t.call(
      'product.categoryPage',
      { query: {}, body: { tenantId: t.ids.tenant('B') } },
      t.token.tenant1,
    );
    expect(foreign.body.code).toBe(CODE.tenantNotFound);
  });

  it('finds by name, full pinyin, pinyin initials and number, case-insensitively', async () => {
    const numbers = async (keyword: string) =>
      (await t.ok('product.categoryPage', { query: { pageSize: 100 }, body: { keyword } }, t.token.tenant2)).list.map(
        (c) => c.number,
      );
    expect(await numbers('饮料')).toEqual(['DRINK', 'DRINK-SODA', 'DRINK-TEA']);
    expect(await numbers('yinliao')).toEqual(['DRINK', 'DRINK-SODA', 'DRINK-TEA']);
    expect(await numbers('kafei')).toEqual(['COFFEE', 'COFFEE-FRESH', 'COFFEE-RTD']);
    expect(await numbers('TSYL')).toEqual(['DRINK-SODA']);
    expect(await numbers('xian mo')).toEqual(['COFFEE-FRESH']);
    expect(await numbers('snack-n')).toEqual(['SNACK-NUT']);
    expect(await numbers('%')).toEqual([]);
  });
});

describe('product.categoryOptions', () => {
  it("gives the caller's own tree in order, another tenant's in scope when named, and none to the t.token.admin unnamed", async () => {
    const own = await t.ok('product.categoryOptions', { body: {} }, t.token.tenant2);
    expect(own).toHaveLength(13);
    expect(own[0]).toMatchObject({ number: 'COFFEE', depth: 0, parentId: null });
    const child = await t.ok('product.categoryOptions', { body: { tenantId: t.ids.tenant('A1') } }, t.token.tenant1);
    expect(child.map((c) => c.number)[0]).toBe('DRINK');
    expect(await t.ok('product.categoryOptions', { body: {} }, t.token.admin)).toEqual([]);
    expect(
      await t.ok('product.categoryOptions', { body: { tenantId: t.ids.tenant('B') } }, t.token.admin),
    ).toHaveLength(13);
    expect(await t.code('product.categoryOptions', { body: { tenantId: t.ids.tenant('B') } }, t.token.tenant1)).toBe(
      CODE.tenantNotFound,
    );
  });
});

describe('product.categoryInfo', () => {
  it("gives one category of the scope, and 1104 for another tenant's", async () => {
    const id = await idOf('B', 'DRINK');
    expect(await t.ok('product.categoryInfo', { params: { id } }, t.token.tenant2)).toMatchObject({
      id,
      name: '饮料',
      childCount: 4,
    });
    expect(await t.code('product.categoryInfo', { params: { id } }, t.token.tenant1)).toBe(CODE.categoryNotFound);
  });
});

describe('product.categoryCreate', () => {
  it('creates a top-level category and a subcategory under it', async () => {
    const top = await t.ok(
      'product.categoryCreate',
      { body: form({ name: '日用品', number: 'DAILY' }) },
      t.token.tenant2,
    );
    expect(top).toMatchObject({
      name: '日用品',
      number: 'DAILY',
      depth: 0,
      parentId: null,
      childCount: 0,
      tenantId: t.ids.tenant('B'),
    });
    const child = await t.ok(
      'product.categoryCreate',
      { body: form({ name: '纸巾', number: 'DAILY-TISSUE', parentId: top.id }) },
      t.token.tenant2,
    );
    expect(child).toMatchObject({ depth: 1, parentId: top.id, parentName: '日用品' });
    expect(
      (await t.ok('product.categoryPage', { query: {}, body: { keyword: 'zj' } }, t.token.tenant2)).list.map(
        (c) => c.id,
      ),
    ).toEqual([child.id]);
  });

  it('refuses empty and over-long fields and a number with other characters, as field errors', async () => {
    const fields = async (over: Record<string, unknown>) =>
      (await t.call('product.categoryCreate', { body: form(over) as never }, t.token.tenant2)).body.content?.fields;
    expect(await fields({ name: '  ' })).toEqual({ name: 'validation.required' });
    expect(await fields({ name: '一二三四五六七八九十一' })).toEqual({ name: 'validation.maxLength' });
    expect(await fields({ name: '一二三四五六七八九十', number: 'N'.repeat(21) })).toEqual({
      number: 'validation.maxLength',
    });
    expect(await fields({ number: '饮料 01' })).toEqual({ number: 'validation.code' });
    expect(await fields({ description: '' })).toEqual({ description: 'validation.required' });
    expect(await fields({ remark: '' })).toEqual({ remark: 'validation.required' });
    const ok = await t.ok(
      'product.categoryCreate',
      { body: form({ name: '一二三四五六七八九十', number: 'N'.repeat(20) }) },
      t.token.tenant2,
    );
    expect(ok.name).toBe('一二三四五六七八九十');
  });

  it('refuses a number the tenant already uses (1105), not one another tenant uses', async () => {
    expect(await t.code('product.categoryCreate', { body: form({ number: 'DRINK' }) }, t.token.tenant2)).toBe(
      CODE.categoryNumberTaken,
    );
    const created = await t.ok('product.categoryCreate', { body: form({ number: 'ONLY-A' }) }, t.token.tenant1);
    expect((await t.ok('product.categoryCreate', { body: form({ number: 'ONLY-A' }) }, t.token.tenant2)).number).toBe(
      'ONLY-A',
    );
    expect(created.tenantId).toBe(t.ids.tenant('A'));
  });

  it('refuses a level past the third (1108) and a parent of another tenant in scope (1108) or out of it (1104)', async () => {
    const soda = await idOf('B', 'DRINK-SODA');
    const third = await t.ok('product.categoryCreate', { body: form({ parentId: soda }) }, t.token.tenant2);
    expect(third.depth).toBe(2);
    expect(await t.code('product.categoryCreate', { body: form({ parentId: third.id }) }, t.token.tenant2)).toBe(
      CODE.categoryParentInvalid,
    );
    const childTenantDrinks = await idOf('A1', 'DRINK');
    expect(
      (await t.call('product.categoryCreate', { body: form({ parentId: childTenantDrinks }) }, t.token.tenant1)).body
        .code,
    ).toBe(CODE.categoryParentInvalid);
    expect(await t.code('product.categoryCreate', { body: form({ parentId: soda }) }, t.token.tenant1)).toBe(
      CODE.categoryNotFound,
    );
  });

  it('makes the system t.token.admin name the tenant (1402), and lets a first-level tenant create for its second-level one', async () => {
    expect(await t.code('product.categoryCreate', { body: form() }, t.token.admin)).toBe(CODE.tenantRequired);
    const forB = await t.ok(
      'product.categoryCreate',
      { body: { ...form(), tenantId: t.ids.tenant('B') } },
      t.token.admin,
    );
    expect(forB.tenantId).toBe(t.ids.tenant('B'));
    const forA1 = await t.ok(
      'product.categoryCreate',
      { body: { ...form(), tenantId: t.ids.tenant('A1') } },
      t.token.tenant1,
    );
    expect(forA1.tenantName).toBe('苏州地铁零售有限公司');
    expect(
      (await t.call('product.categoryCreate', { body: { ...form(), tenantId: t.ids.tenant('B') } }, t.token.tenant1))
        .body.code,
    ).toBe(CODE.tenantNotFound);
  });

  it('is refused to a member without 5-1', async () => {
    const res = await t.call('product.categoryCreate', { body: form() }, await t.signIn('member1'));
    expect(res.status).toBe(403);
  });
});

describe('product.categoryUpdate', () => {
  it('edits the fields, and moves a category with its subtree, shifting their depth', async () => {
    const top = await t.ok('product.categoryCreate', { body: form({ name: '季节限定' }) }, t.token.tenant2);
    const child = await t.ok('product.categoryCreate', { body: form({ parentId: top.id }) }, t.token.tenant2);
    const renamed = await t.ok(
      'product.categoryUpdate',
      { params: { id: top.id }, body: { ...form({ name: '夏季限定', number: top.number }) } },
      t.token.tenant2,
    );
    expect(renamed).toMatchObject({ name: '夏季限定', number: top.number, childCount: 1 });
    const drinks = await idOf('B', 'DRINK');
    const moved = await t.ok(
      'product.categoryUpdate',
      { params: { id: top.id }, body: form({ name: '夏季限定', number: top.number, parentId: drinks }) },
      t.token.tenant2,
    );
    expect(moved).toMatchObject({ depth: 1, parentName: '饮料' });
    expect((await t.ok('product.categoryInfo', { params: { id: child.id } }, t.token.tenant2)).depth).toBe(2);
    const back = await t.ok(
      'product.categoryUpdate',
      { params: { id: top.id }, body: form({ name: '夏季限定', number: top.number, parentId: null }) },
      t.token.tenant2,
    );
    expect(back.depth).toBe(0);
    expect((await t.ok('product.categoryInfo', { params: { id: child.id } }, t.token.tenant2)).depth).toBe(1);
  });

  it('refuses a move under itself or its own subtree, or one that would push its subtree past the third level (1108)', async () => {
    const top = await t.ok('product.categoryCreate', { body: form() }, t.token.tenant2);
    const child = await t.ok('product.categoryCreate', { body: form({ parentId: top.id }) }, t.token.tenant2);
    const grandchild = await t.ok('product.categoryCreate', { body: form({ parentId: child.id }) }, t.token.tenant2);
    const move = (id: number, parentId: number | null, number: string) =>
      t.call('product.categoryUpdate', { params: { id }, body: form({ number, parentId }) }, t.token.tenant2);
    expect((await move(top.id, top.id, top.number)).body.code).toBe(CODE.categoryParentInvalid);
    expect((await move(top.id, grandchild.id, top.number)).body.code).toBe(CODE.categoryParentInvalid);
    expect((await move(top.id, await idOf('B', 'SNACK'), top.number)).body.code).toBe(CODE.categoryParentInvalid);
    // Up a level is fine: the subtree follows.
    expect((await move(child.id, null, child.number)).body.content.depth).toBe(0);
    expect((await t.ok('product.categoryInfo', { params: { id: grandchild.id } }, t.token.tenant2)).depth).toBe(1);
  });

  it("refuses another category's number (1105) and another tenant's category (1104)", async () => {
    const id = await idOf('B', 'DRINK-TEA');
    expect(
      await t.code('product.categoryUpdate', { params: { id }, body: form({ number: 'DRINK-SODA' }) }, t.token.tenant2),
    ).toBe(CODE.categoryNumberTaken);
    expect(await t.code('product.categoryUpdate', { params: { id }, body: form() }, t.token.tenant1)).toBe(
      CODE.categoryNotFound,
    );
  });
});

describe('product.categoryDelete', () => {
  it('deletes an empty category, and refuses one with subcategories (1107) or products (1106)', async () => {
    const empty = await t.ok('product.categoryCreate', { body: form() }, t.token.tenant2);
    await t.ok('product.categoryDelete', { params: { id: empty.id } }, t.token.tenant2);
    expect(await t.code('product.categoryInfo', { params: { id: empty.id } }, t.token.tenant2)).toBe(
      CODE.categoryNotFound,
    );

    expect(await t.code('product.categoryDelete', { params: { id: await idOf('B', 'DRINK') } }, t.token.tenant2)).toBe(
      CODE.categoryHasChildren,
    );
    const juice = await t.ok(
      'product.categoryCreate',
      { body: form({ parentId: await idOf('B', 'DRINK') }) },
      t.token.tenant2,
    );
    await t.db.insert(products).values({
      tenantId: t.ids.tenant('B'),
      categoryId: juice.id,
      number: 'P-DEL-1',
      name: '橙汁',
      brief: '鲜榨',
      model: 'VM-S600',
      price: 500,
    });
    expect(await t.code('product.categoryDelete', { params: { id: juice.id } }, t.token.tenant2)).toBe(
      CODE.categoryHasProducts,
    );
    expect((await t.ok('product.categoryInfo', { params: { id: juice.id } }, t.token.tenant2)).productCount).toBe(1);
    // The demo's juices are counted too: nine of the old library, three of the new.
    expect(
      (await t.ok('product.categoryInfo', { params: { id: await idOf('B', 'DRINK-JUICE') } }, t.token.tenant2))
        .productCount,
    ).toBe(12);
  });

  it("refuses another tenant's category as missing (1104)", async () => {
    expect(
      (await t.call('product.categoryDelete', { params: { id: await idOf('B', 'DRINK-WATER') } }, t.token.tenant1)).body
        .code,
    ).toBe(CODE.categoryNotFound);
  });
});
