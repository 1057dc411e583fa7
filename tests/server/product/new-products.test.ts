/** The new product library (spec §2 merchandise, nweGoods; §5: one image, English fields, attribute rules, category change). */
import { beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import type { AttributeItem } from '../../../shared/product/index.js';
import { suiteApp } from '../helpers.js';
import { categoryOf as sharedCategoryOf, uploadImage } from './support.js';
import { IMAGES } from '../file/support.js';

const t = suiteApp(['tenant1', 'tenant2', 'admin']);
let image: string;
let otherImage: string;
beforeAll(async () => {
  [image, otherImage] = [
    await upload(t.token.tenant2, IMAGES['image/png']),
    await upload(t.token.tenant2, IMAGES['image/gif']),
  ];
});

const upload = (token: string, bytes: Buffer) => uploadImage(t, token, bytes);
const categoryOf = (tenant: 'A' | 'A1' | 'B', number: string) => sharedCategoryOf(t, tenant, number);
const attributes = async (categoryId: number, token = t.token.tenant2) =>
  t.ok('product.attributeList', { body: { categoryId } }, token);
const idOf = (list: AttributeItem[], number: string) => String(list.find((a) => a.number === number)!.id);

let made = 0;
/** A soda of tenant B with its drink attributes filled in. */
async function form(over: Record<string, unknown> = {}) {
  const categoryId = await categoryOf('B', 'DRINK-SODA');
  const list = await attributes(categoryId);
  return {
    image,
    number: `NP-${++made}`,
    name: `新品${made}`,
    englishName: `New ${made}`,
    brief: '测试用',
    englishBrief: 'For tests',
    description: '',
    englishDescription: '',
    categoryId,
    model: 'VM-S600',
    price: 450,
    tags: ['新品'],
    startDate: '2026-01-01',
    endDate: null,
    recipe: null,
    attributes: { [idOf(list, 'VOLUME')]: 500, [idOf(list, 'PACK')]: '瓶装' },
    ...over,
  };
}
const create = async (over: Record<string, unknown> = {}, token = t.token.tenant2) =>
  t.call('product.newCreate', { body: (await form(over)) as never }, token);

describe('product.newPage', () => {
  it('lists only the new library, finds by English name and pinyin, and leaves the old library without them', async () => {
    const all = await t.ok('product.newPage', { query: { pageSize: 100 }, body: {} }, t.token.tenant2);
    expect(all.total).toBe(31);
    expect(all.list.every((p) => p.number.startsWith('N-') && p.images.length === 1 && p.englishName !== '')).toBe(
      true,
    );
    const names = async (keyword: string) =>
      (await t.ok('product.newPage', { query: {}, body: { keyword } }, t.token.tenant2)).list
        .map((p) => p.number)
        .sort();
    expect(await names('coca')).toEqual(['N-COLA']);
    expect(await names('kkkl')).toEqual(['N-COLA']);
    const old = await t.ok('product.page', { query: { pageSize: 200 }, body: {} }, t.token.tenant2);
    expect(old.list.some((p) => p.number.startsWith('N-'))).toBe(false);
  });
});

describe('product.newInfo', () => {
  it('answers a new-library product with its values, and an old-library one as missing (1101)', async () => {
    const [cola] = (await t.ok('product.newPage', { query: {}, body: { keyword: 'coca' } }, t.token.tenant2)).list;
    const info = await t.ok('product.newInfo', { params: { id: cola!.id } }, t.token.tenant2);
    const list = await attributes(info.categoryId);
    expect(info.attributes[idOf(list, 'VOLUME')]).toBe(330);
    expect(info.attributes[idOf(list, 'PACK')]).toBe('罐装');
    const [old] = (await t.ok('product.page', { query: {}, body: {} }, t.token.tenant2)).list;
    expect(await t.code('product.newInfo', { params: { id: old!.id } }, t.token.tenant2)).toBe(CODE.productNotFound);
    expect(await t.code('product.info', { params: { id: cola!.id } }, t.token.tenant2)).toBe(CODE.productNotFound);
    expect(await t.code('product.newInfo', { params: { id: cola!.id } }, t.token.tenant1)).toBe(CODE.productNotFound);
  });
});

describe('product.newCreate', () => {
  it('creates a product off sale with its image, texts and checked values', async () => {
    const answer = await create();
    expect(answer.body.code).toBe(200);
    const created = answer.body.content as {
      images: string[];
      onSale: boolean;
      englishName: string;
      attributes: Record<string, unknown>;
    };
    expect(created).toMatchObject({ images: [image], onSale: false, englishName: expect.stringMatching(/^New /) });
    expect(Object.values(created.attributes).sort()).toEqual([500, '瓶装'].sort());
  });

  it('refuses values outside their rules, missing required ones and foreign attributes, each as its field', async () => {
    const list = await attributes(await categoryOf('B', 'DRINK-SODA'));
    const coffee = await attributes(await categoryOf('B', 'COFFEE-FRESH'));
    const answer = await create({
      attributes: { [idOf(list, 'VOLUME')]: 5000, [idOf(list, 'TEMP')]: '温热', [idOf(coffee, 'CUP')]: '中杯' },
    });
    expect(answer.body.content.fields).toEqual({
      [`attributes.${idOf(list, 'VOLUME')}`]: 'product.validation.attrRange',
      [`attributes.${idOf(list, 'PACK')}`]: 'validation.required',
      [`attributes.${idOf(list, 'TEMP')}`]: 'product.validation.attrOption',
      [`attributes.${idOf(coffee, 'CUP')}`]: 'product.validation.attrUnknown',
    });
  });

  it('refuses an end date before the start, no image, and makes the t.token.admin choose a tenant (1402)', async () => {
    expect((await create({ startDate: '2026-06-01', endDate: '2026-05-01' })).body.content.fields).toEqual({
      endDate: 'product.validation.endBeforeStart',
    });
    expect((await create({ image: '' })).body.content.fields).toHaveProperty('image');
    expect((await create({}, t.token.admin)).body.code).toBe(CODE.tenantRequired);
    expect((await create({ number: 'N-COLA' })).body.code).toBe(CODE.productNumberTaken);
  });
});

describe('product.newUpdate', () => {
  it('keeps English texts once set (field errors) and edits the rest', async () => {
    const created = (await create()).body.content as { id: number; number: string };
    const body = await form({ number: created.number });
    const cleared = await t.call(
      'product.newUpdate',
      { params: { id: created.id }, body: { ...body, englishName: '', englishBrief: ' ' } as never },
      t.token.tenant2,
    );
    expect(cleared.body.content.fields).toEqual({
      englishName: 'product.validation.englishCleared',
      englishBrief: 'product.validation.englishCleared',
    });
    const edited = await t.ok(
      'product.newUpdate',
      { params: { id: created.id }, body: { ...body, englishName: 'Renamed', price: 520 } as never },
      t.token.tenant2,
    );
    expect(edited).toMatchObject({ englishName: 'Renamed', price: 520 });
  });

  it("refuses a new category with the same image (2805), and takes it with a new image and the new category's values", async () => {
    const created = (await create()).body.content as { id: number; number: string };
    const categoryId = await categoryOf('B', 'SNACK-NUT');
    const snack = await attributes(categoryId);
    const moved = {
      ...(await form({ number: created.number })),
      categoryId,
      attributes: { [idOf(snack, 'NET')]: 200 },
    };
    expect(
      (await t.call('product.newUpdate', { params: { id: created.id }, body: moved as never }, t.token.tenant2)).body
        .code,
    ).toBe(CODE.categoryChangeNeedsNewImage);
    const stale = await t.call(
      'product.newUpdate',
      {
        params: { id: created.id },
        body: { ...moved, image: otherImage, attributes: (await form()).attributes } as never,
      },
      t.token.tenant2,
    );
    expect(Object.values(stale.body.content.fields)).toContain('product.validation.attrUnknown');
    const done = await t.ok(
      'product.newUpdate',
      { params: { id: created.id }, body: { ...moved, image: otherImage } as never },
      t.token.tenant2,
    );
    expect(done).toMatchObject({
      categoryName: '坚果',
      images: [otherImage],
      attributes: { [idOf(snack, 'NET')]: 200 },
    });
  });

  it("refuses another tenant's product and an old-library one (1101)", async () => {
    const created = (await create()).body.content as { id: number; number: string };
    expect(
      await t.code('product.newUpdate', { params: { id: created.id }, body: (await form()) as never }, t.token.tenant1),
    ).toBe(CODE.productNotFound);
  });
});

describe('product.newState', () => {
  it('puts new-library products on sale, and refuses old-library ids (1101)', async () => {
    const created = (await create()).body.content as { id: number };
    expect(await t.ok('product.newState', { body: { ids: [created.id], onSale: true } }, t.token.tenant2)).toEqual({
      changed: 1,
    });
    expect((await t.ok('product.newInfo', { params: { id: created.id } }, t.token.tenant2)).onSale).toBe(true);
    const [old] = (await t.ok('product.page', { query: {}, body: {} }, t.token.tenant2)).list;
    expect(await t.code('product.newState', { body: { ids: [old!.id], onSale: true } }, t.token.tenant2)).toBe(
      CODE.productNotFound,
    );
  });
});

describe('recipes', () => {
  const ingredientsOf = async (token: string) =>
    new Map(
      (await t.ok('product.ingredientPage', { query: { pageSize: 50 }, body: {} }, token)).list.map((i) => [
        i.number,
        i.id,
      ]),
    );

  it("shows the demo coffee's recipe with its ingredients in order", async () => {
    const [latte] = (await t.ok('product.newPage', { query: {}, body: { keyword: 'N-LATTE' } }, t.token.tenant2)).list;
    expect(latte!.recipe).toEqual({
      number: 'R-LATTE',
      name: '拿铁标准配方',
      items: [
        { ingredientId: expect.any(Number), ingredientName: '阿拉比卡咖啡豆', unit: 'g', quantity: 18 },
        { ingredientId: expect.any(Number), ingredientName: '全脂牛奶', unit: 'ml', quantity: 200 },
        { ingredientId: expect.any(Number), ingredientName: '12 盎司纸杯', unit: 'piece', quantity: 1 },
        { ingredientId: expect.any(Number), ingredientName: '12 盎司杯盖', unit: 'piece', quantity: 1 },
      ],
    });
  });

  it("saves a recipe of the tenant's ingredients, refuses another tenant's (2801), repeats and non-positive quantities", async () => {
    const mine = await ingredientsOf(t.token.tenant2);
    const theirs = await ingredientsOf(t.token.tenant1);
    const recipe = {
      number: 'R-TEST',
      name: '测试配方',
      items: [
        { ingredientId: mine.get('SUGAR')!, quantity: 2.5 },
        { ingredientId: mine.get('WATER')!, quantity: 0.3 },
      ],
    };
    const created = await create({ recipe });
    expect((created.body.content as { recipe: unknown }).recipe).toMatchObject({
      number: 'R-TEST',
      items: [
        { quantity: 2.5, unit: 'g' },
        { quantity: 0.3, unit: 'l' },
      ],
    });
    expect(
      (await create({ recipe: { ...recipe, items: [{ ingredientId: theirs.get('SUGAR')!, quantity: 1 }] } })).body.code,
    ).toBe(CODE.ingredientNotFound);
    expect(
      (await create({ recipe: { ...recipe, items: [recipe.items[0], recipe.items[0]] } })).body.content.fields,
    ).toEqual({ 'recipe.items': 'product.validation.ingredientRepeat' });
    expect(
      (await create({ recipe: { ...recipe, items: [{ ingredientId: mine.get('SUGAR')!, quantity: 0 }] } })).body.content
        .fields,
    ).toEqual({ 'recipe.items.0.quantity': 'product.validation.quantity' });
  });

  it('keeps an ingredient in a recipe from being deleted (2808)', async () => {
    const mine = await ingredientsOf(t.token.tenant2);
    expect(
      (await t.call('product.ingredientDelete', { params: { id: mine.get('BEAN-ARABICA')! } }, t.token.tenant2)).body
        .code,
    ).toBe(CODE.ingredientInUse);
  });
});

describe('product.newPrice', () => {
  it('sets the price of new-library products, and refuses old-library ids (1101)', async () => {
    const created = (await create()).body.content as { id: number };
    expect(
      (
        await t.ok(
          'product.newPrice',
          { body: { ids: [created.id], mode: 'set', value: 990, preview: false } },
          t.token.tenant2,
        )
      ).changed,
    ).toBe(1);
    expect((await t.ok('product.newInfo', { params: { id: created.id } }, t.token.tenant2)).price).toBe(990);
    const [old] = (await t.ok('product.page', { query: {}, body: {} }, t.token.tenant2)).list;
    expect(
      await t.code(
        'product.newPrice',
        { body: { ids: [old!.id], mode: 'set', value: 990, preview: true } },
        t.token.tenant2,
      ),
    ).toBe(CODE.productNotFound);
  });
});
