/** Old-library products (spec §5: images 1–3, required fields, valid price, tags without repeats; on/off sale, enable/disable). */
import { beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { suiteApp } from '../helpers.js';
import { categoryOf as sharedCategoryOf, uploadImage } from './support.js';
import { IMAGES } from '../file/support.js';

const t = suiteApp(['tenant1', 'tenant2', 'admin']);
let image: string;
beforeAll(async () => {
  image = await upload(t.token.tenant2, IMAGES['image/png']);
});

const upload = (token: string, bytes: Buffer) => uploadImage(t, token, bytes);
const categoryOf = (tenant: 'A' | 'A1' | 'B', number: string) => sharedCategoryOf(t, tenant, number);

let made = 0;
const form = async (over: Record<string, unknown> = {}) => ({
  images: [image],
  number: `P-${++made}`,
  name: `测试商品${made}`,
  brief: '测试用',
  categoryId: await categoryOf('B', 'DRINK-SODA'),
  model: 'VM-S600',
  price: 350,
  tags: ['新品'],
  ...over,
});
const page = (token: string, body: Record<string, unknown> = {}, query: Record<string, number> = { pageSize: 200 }) =>
  t.ok('product.page', { query, body }, token);

describe('product.page', () => {
  it('lists the visible products newest first, with their main image, category and tenant', async () => {
    const b = await page(t.token.tenant2, {}, { pageNum: 1, pageSize: 20 });
    expect(b.total).toBe(88);
    expect(new Set(b.list.map((p) => p.tenantName))).toEqual(new Set(['华南智慧零售有限公司']));
    expect(Date.parse(b.list[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(b.list[1]!.createdAt));
    expect(b.list[0]!.images).toHaveLength(1);
    expect(b.list[0]!.images[0]).toMatch(/^[0-9a-f]{64}$/);
    // A first-level tenant sees its second-level tenant's products too.
    expect(new Set((await page(t.token.tenant1)).list.map((p) => p.tenantName))).toEqual(
      new Set(['华东智售科技有限公司', '苏州地铁零售有限公司']),
    );
  });

  it('finds by name, pinyin, initials and number; filters by category with its subcategories, state, tag, model', async () => {
    const names = async (body: Record<string, unknown>) =>
      (await page(t.token.tenant2, body)).list.map((p) => p.name).sort();
    expect(await names({ keyword: 'kkkl' })).toEqual(['可口可乐 1.25L', '可口可乐 330ml', '可口可乐 500ml']);
    expect(await names({ keyword: 'kele' })).toEqual([
      '可口可乐 1.25L',
      '可口可乐 330ml',
      '可口可乐 500ml',
      '百事可乐 1.25L',
      '百事可乐 330ml',
      '百事可乐 500ml',
    ]);
    expect(await names({ keyword: 'cola-02' })).toEqual(['可口可乐 500ml']);
    expect((await page(t.token.tenant2, { categoryId: await categoryOf('B', 'DRINK') })).total).toBe(44);
    expect((await page(t.token.tenant2, { categoryId: await categoryOf('B', 'DRINK-JUICE') })).total).toBe(9);
    const off = await page(t.token.tenant2, { onSale: false });
    expect(off.total).toBeGreaterThan(0);
    expect(off.list.every((p) => !p.onSale)).toBe(true);
    expect((await page(t.token.tenant2, { enabled: false })).list.every((p) => !p.enabled && !p.onSale)).toBe(true);
    expect((await page(t.token.tenant2, { tag: '无糖' })).list.every((p) => p.tags.includes('无糖'))).toBe(true);
    expect((await page(t.token.tenant2, { model: 'cm-200' })).list.every((p) => p.model.startsWith('CM-200'))).toBe(
      true,
    );
  });

  it('sorts by price, name and number either way', async () => {
    const prices = (await page(t.token.tenant2, { sort: 'price', desc: false })).list.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const numbers = (await page(t.token.tenant2, { sort: 'number', desc: true })).list.map((p) => p.number);
    expect(numbers).toEqual([...numbers].sort().reverse());
  });

  it("refuses another tenant's category (1104) or tenant (1401) as a filter", async () => {
    expect(
      await t.code(
        'product.page',
        { query: {}, body: { categoryId: await categoryOf('A', 'DRINK') } },
        t.token.tenant2,
      ),
    ).toBe(CODE.categoryNotFound);
    expect(await t.code('product.page', { query: {}, body: { tenantId: t.ids.tenant('A') } }, t.token.tenant2)).toBe(
      CODE.tenantNotFound,
    );
  });
});

describe('product.create', () => {
  it('creates a product off sale with its images in order, found by its pinyin', async () => {
    const second = await upload(t.token.tenant2, IMAGES['image/gif']);
    const created = await t.ok(
      'product.create',
      { body: await form({ name: '冰峰橙味汽水', images: [second, image], tags: ['西安', '老字号'] }) },
      t.token.tenant2,
    );
    expect(created).toMatchObject({
      name: '冰峰橙味汽水',
      images: [second, image],
      onSale: false,
      enabled: true,
      price: 350,
      categoryName: '碳酸饮料',
      tags: ['西安', '老字号'],
    });
    expect((await page(t.token.tenant2, { keyword: 'bfcw' })).list.map((p) => p.id)).toEqual([created.id]);
  });

  it('refuses a missing image, a fourth image, repeated tags and an invalid price as field errors', async () => {
    const fields = async (over: Record<string, unknown>) =>
      (await t.call('product.create', { body: (await form(over)) as never }, t.token.tenant2)).body.content?.fields;
    expect(await fields({ images: [] })).toEqual({ images: 'product.validation.imageRequired' });
    expect(await fields({ images: [image, image, image, image] })).toEqual({ images: 'validation.maxItems' });
    expect(await fields({ tags: ['冰镇', '冰镇'] })).toEqual({ tags: 'product.validation.tagsRepeat' });
    for (const price of [0, -1, 1.5, 100_000_000])
      expect(await fields({ price }), String(price)).toEqual({ price: 'product.validation.price' });
    expect(await fields({ name: '' })).toEqual({ name: 'validation.required' });
  });

  it('keeps whether a product is perishable and its shelf life; a perishable one without it is a field error', async () => {
    const fields = async (over: Record<string, unknown>) =>
      (await t.call('product.create', { body: (await form(over)) as never }, t.token.tenant2)).body.content?.fields;
    expect(await fields({ perishable: true })).toEqual({ shelfLifeDays: 'product.validation.shelfLifeRequired' });
    for (const shelfLifeDays of [0, 3651, 1.5])
      expect(await fields({ shelfLifeDays }), String(shelfLifeDays)).toEqual({
        shelfLifeDays: 'product.validation.shelfLife',
      });
    const sandwich = await t.ok(
      'product.create',
      { body: await form({ name: '火腿三明治', perishable: true, shelfLifeDays: 3 }) },
      t.token.tenant2,
    );
    expect(sandwich).toMatchObject({ perishable: true, shelfLifeDays: 3 });
    // Any product may say its shelf life; one saying nothing is not perishable.
    const plain = await t.ok('product.create', { body: await form({ shelfLifeDays: 365 }) }, t.token.tenant2);
    expect(plain).toMatchObject({ perishable: false, shelfLifeDays: 365 });
    const edited = await t.ok(
      'product.update',
      { params: { id: sandwich.id }, body: await form({ name: '火腿三明治', perishable: false, shelfLifeDays: null }) },
      t.token.tenant2,
    );
    expect(edited).toMatchObject({ perishable: false, shelfLifeDays: null });
  });

  it('keeps a unit cost in fen, 0 and none allowed; a negative, fractional or too large one is a field error', async () => {
    const fields = async (over: Record<string, unknown>) =>
      (await t.call('product.create', { body: (await form(over)) as never }, t.token.tenant2)).body.content?.fields;
    for (const cost of [-1, 1.5, 100_000_000, '1.90'])
      expect(await fields({ cost }), String(cost)).toEqual({ cost: 'product.validation.cost' });
    const made = await t.ok('product.create', { body: await form({ cost: 190 }) }, t.token.tenant2);
    expect(made.cost).toBe(190);
    expect((await t.ok('product.info', { params: { id: made.id } }, t.token.tenant2)).cost).toBe(190);
    const free = await t.ok(
      'product.update',
      { params: { id: made.id }, body: await form({ cost: 0 }) },
      t.token.tenant2,
    );
    expect(free.cost).toBe(0);
    // Left out, it is not given.
    expect(
      (await t.ok('product.create', { body: await form({ number: 'NOCOST-1' }) }, t.token.tenant2)).cost,
    ).toBeNull();
  });

  it("refuses a taken number (1103), another tenant's category (1111 in scope, 1104 outside), an image it cannot see (2204)", async () => {
    expect(await t.code('product.create', { body: await form({ number: 'COLA-01' }) }, t.token.tenant2)).toBe(
      CODE.productNumberTaken,
    );
    expect(
      await t.code(
        'product.create',
        { body: await form({ categoryId: await categoryOf('A', 'DRINK-SODA') }) },
        t.token.tenant2,
      ),
    ).toBe(CODE.categoryNotFound);
    const own = await upload(t.token.tenant1, IMAGES['image/jpeg']);
    expect(
      await t.code(
        'product.create',
        { body: await form({ images: [own], categoryId: await categoryOf('A1', 'DRINK-SODA') }) },
        t.token.tenant1,
      ),
    ).toBe(CODE.productCategoryInvalid);
    expect(await t.code('product.create', { body: await form({ images: [own] }) }, t.token.tenant2)).toBe(
      CODE.fileNotFound,
    );
  });

  it("makes the t.token.admin name the tenant (1402); the image the t.token.admin uploaded becomes the tenant's to see", async () => {
    const adminImage = await upload(t.token.admin, IMAGES['image/bmp']);
    expect(await t.code('product.create', { body: await form({ images: [adminImage] }) }, t.token.admin)).toBe(
      CODE.tenantRequired,
    );
    const seen = () =>
      t.app.inject({
        method: 'GET',
        url: `/file/${adminImage}`,
        headers: { authorization: `Bearer ${t.token.tenant2}` },
      });
    expect((await seen()).statusCode).toBe(404);
    await t.ok(
      'product.create',
      { body: { ...(await form({ images: [adminImage] })), tenantId: t.ids.tenant('B') } },
      t.token.admin,
    );
    expect((await seen()).statusCode).toBe(200);
  });

  it('is refused to a member without 5-1 (403)', async () => {
    expect((await t.call('product.create', { body: await form() }, await t.signIn('member1'))).status).toBe(403);
  });
});

describe('product.info', () => {
  it("gives one product of the scope, and 1101 for another tenant's", async () => {
    const created = await t.ok('product.create', { body: await form() }, t.token.tenant2);
    expect((await t.ok('product.info', { params: { id: created.id } }, t.token.tenant2)).number).toBe(created.number);
    expect(await t.code('product.info', { params: { id: created.id } }, t.token.tenant1)).toBe(CODE.productNotFound);
  });
});

describe('product.update', () => {
  it('edits the fields and images, keeping the number unique', async () => {
    const created = await t.ok('product.create', { body: await form() }, t.token.tenant2);
    const gif = await upload(t.token.tenant2, IMAGES['image/gif']);
    const edited = await t.ok(
      'product.update',
      {
        params: { id: created.id },
        body: await form({ number: created.number, name: '改名商品', price: 1990, images: [gif] }),
      },
      t.token.tenant2,
    );
    expect(edited).toMatchObject({ name: '改名商品', price: 1990, images: [gif] });
    expect(
      await t.code(
        'product.update',
        { params: { id: created.id }, body: await form({ number: 'COLA-01' }) },
        t.token.tenant2,
      ),
    ).toBe(CODE.productNumberTaken);
    expect(await t.code('product.update', { params: { id: created.id }, body: await form() }, t.token.tenant1)).toBe(
      CODE.productNotFound,
    );
  });
});

describe('product.state', () => {
  it('puts several on and off sale at once, takes a disabled one off sale, and refuses to put it on sale (1109)', async () => {
    const [a, b] = [
      await t.ok('product.create', { body: await form() }, t.token.tenant2),
      await t.ok('product.create', { body: await form() }, t.token.tenant2),
    ];
    expect(await t.ok('product.state', { body: { ids: [a.id, b.id], onSale: true } }, t.token.tenant2)).toEqual({
      changed: 2,
    });
    expect((await t.ok('product.info', { params: { id: a.id } }, t.token.tenant2)).onSale).toBe(true);
    await t.ok('product.state', { body: { ids: [a.id], enabled: false } }, t.token.tenant2);
    expect(await t.ok('product.info', { params: { id: a.id } }, t.token.tenant2)).toMatchObject({
      enabled: false,
      onSale: false,
    });
    expect(await t.code('product.state', { body: { ids: [a.id, b.id], onSale: true } }, t.token.tenant2)).toBe(
      CODE.productDisabled,
    );
    // All or nothing: b kept its state.
    expect((await t.ok('product.info', { params: { id: b.id } }, t.token.tenant2)).onSale).toBe(true);
    await t.ok('product.state', { body: { ids: [a.id], enabled: true, onSale: true } }, t.token.tenant2);
    expect(await t.ok('product.info', { params: { id: a.id } }, t.token.tenant2)).toMatchObject({
      enabled: true,
      onSale: true,
    });
  });

  it("refuses another tenant's product in the selection (1101) and a change of nothing", async () => {
    const own = await t.ok('product.create', { body: await form() }, t.token.tenant2);
    const foreign = (await page(t.token.tenant1, {}, { pageSize: 1 })).list[0]!.id;
    expect(await t.code('product.state', { body: { ids: [own.id, foreign], onSale: true } }, t.token.tenant2)).toBe(
      CODE.productNotFound,
    );
    expect((await t.call('product.state', { body: { ids: [own.id] } }, t.token.tenant2)).body.content.fields).toEqual({
      onSale: 'validation.required',
    });
  });
});

describe('product.price', () => {
  it('previews a change without writing, applies it in one go, and refuses it all when any result is no valid price', async () => {
    const cola = (await page(t.token.tenant2, { keyword: 'kkkl', sort: 'price', desc: false })).list;
    const ids = cola.map((p) => p.id);
    const before = cola.map((p) => p.price);
    const preview = await t.ok(
      'product.price',
      { body: { ids, mode: 'percent', value: 10, preview: true } },
      t.token.tenant2,
    );
    expect(preview.changed).toBe(0);
    expect(preview.items.map((i) => i.after)).toEqual(before.map((p) => Math.round(p * 1.1)));
    expect(
      (await page(t.token.tenant2, { keyword: 'kkkl', sort: 'price', desc: false })).list.map((p) => p.price),
    ).toEqual(before);

    const applied = await t.ok(
      'product.price',
      { body: { ids, mode: 'add', value: -50, preview: false } },
      t.token.tenant2,
    );
    expect(applied.changed).toBe(3);
    expect(
      (await page(t.token.tenant2, { keyword: 'kkkl', sort: 'price', desc: false })).list.map((p) => p.price),
    ).toEqual(before.map((p) => p - 50));

    const tooLow = await t.call(
      'product.price',
      { body: { ids, mode: 'add', value: -100_000, preview: false } },
      t.token.tenant2,
    );
    expect(tooLow.body.content.fields).toEqual({ value: 'product.validation.priceResult' });
    expect(
      (await page(t.token.tenant2, { keyword: 'kkkl', sort: 'price', desc: false })).list.map((p) => p.price),
    ).toEqual(before.map((p) => p - 50));
    expect(
      (await t.call('product.price', { body: { ids, mode: 'percent', value: -95, preview: true } }, t.token.tenant2))
        .body.content.fields,
    ).toEqual({ value: 'product.validation.priceChange' });
    expect(
      (await t.call('product.price', { body: { ids, mode: 'set', value: 300, preview: false } }, t.token.tenant1)).body
        .code,
    ).toBe(CODE.productNotFound);
  });
});
