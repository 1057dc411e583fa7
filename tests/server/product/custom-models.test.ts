/** Custom models (spec §2 commodityInfor, infoDetails, imgDetails, editNweGoods; §3 Custom model). */
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { suiteApp } from '../helpers.js';
import { uploadImage } from './support.js';
import { IMAGES } from '../file/support.js';

const t = suiteApp(['admin', 'tenant1', 'tenant2']);

let made = 0;
const modelForm = (over: Record<string, unknown> = {}) => ({
  name: `测试机型${++made}`,
  number: `TM-${made}`,
  description: '测试用',
  ...over,
});
const attributeForm = (over: Record<string, unknown> = {}) => ({
  groupName: '出杯',
  name: `属性${++made}`,
  number: `A-${made}`,
  kind: 'range',
  required: true,
  rule: '1~10',
  unit: '',
  ...over,
});
const imageForm = (over: Record<string, unknown> = {}) => ({
  name: `图片${++made}`,
  number: `I-${made}`,
  description: '测试用',
  required: true,
  formatName: '480×800',
  ...over,
});
const models = async () => t.ok('product.customModels', {}, t.token.tenant2);
const latte = async (token = t.token.tenant2) =>
  (await t.ok('product.newPage', { query: {}, body: { keyword: 'N-LATTE' } }, token)).list[0]!;

describe('product.customModelPage', () => {
  it('lists the models with their attribute and image counts, to the system t.token.admin only', async () => {
    const page = await t.ok('product.customModelPage', { query: {}, body: {} }, t.token.admin);
    expect(page.list.map((m) => [m.number, m.attributeCount, m.imageCount])).toEqual([
      ['CM200', 3, 1],
      ['FR80', 2, 1],
    ]);
    expect(
      (await t.ok('product.customModelPage', { query: {}, body: { keyword: '冰柜' } }, t.token.admin)).list.map(
        (m) => m.number,
      ),
    ).toEqual(['FR80']);
    expect((await t.call('product.customModelPage', { query: {}, body: {} }, t.token.tenant1)).status).toBe(403);
  });
});

describe('product.customModelCreate', () => {
  it('creates a model, and refuses a used number (2810)', async () => {
    expect(await t.ok('product.customModelCreate', { body: modelForm() }, t.token.admin)).toMatchObject({
      attributeCount: 0,
      imageCount: 0,
    });
    expect(await t.code('product.customModelCreate', { body: modelForm({ number: 'CM200' }) }, t.token.admin)).toBe(
      CODE.customModelNumberTaken,
    );
  });
});

describe('product.customModelUpdate', () => {
  it('edits a model, and answers a missing one with 2809', async () => {
    const created = await t.ok('product.customModelCreate', { body: modelForm() }, t.token.admin);
    expect(
      await t.ok(
        'product.customModelUpdate',
        { params: { id: created.id }, body: modelForm({ number: created.number, name: '新名称' }) },
        t.token.admin,
      ),
    ).toMatchObject({ name: '新名称' });
    expect(
      (await t.call('product.customModelUpdate', { params: { id: 999999 }, body: modelForm() }, t.token.admin)).body
        .code,
    ).toBe(CODE.customModelNotFound);
  });
});

describe('product.customModelDelete', () => {
  it('deletes a model with its details, and refuses one products carry information for (2811)', async () => {
    const created = await t.ok('product.customModelCreate', { body: modelForm() }, t.token.admin);
    await t.ok(
      'product.customAttributeCreate',
      { body: { ...attributeForm(), modelId: created.id } as never },
      t.token.admin,
    );
    await t.ok('product.customModelDelete', { params: { id: created.id } }, t.token.admin);
    expect(await t.code('product.customAttributeList', { body: { modelId: created.id } }, t.token.admin)).toBe(
      CODE.customModelNotFound,
    );
    const cm200 = (await models()).find((m) => m.number === 'CM200')!;
    expect(await t.code('product.customModelDelete', { params: { id: cm200.id } }, t.token.admin)).toBe(
      CODE.customModelInUse,
    );
  });
});

describe('product.customAttributeList', () => {
  it("lists a model's attributes in the order added", async () => {
    const cm200 = (await models()).find((m) => m.number === 'CM200')!;
    expect(
      (await t.ok('product.customAttributeList', { body: { modelId: cm200.id } }, t.token.admin)).map((a) => a.number),
    ).toEqual(['BUTTON', 'BREW', 'ICED']);
  });
});

describe('product.customAttributeCreate', () => {
  it('adds an attribute with a parsed rule, unique number within the model (2812)', async () => {
    const created = await t.ok('product.customModelCreate', { body: modelForm() }, t.token.admin);
    await t.ok(
      'product.customAttributeCreate',
      { body: { ...attributeForm({ number: 'X' }), modelId: created.id } as never },
      t.token.admin,
    );
    expect(
      await t.code(
        'product.customAttributeCreate',
        { body: { ...attributeForm({ number: 'X' }), modelId: created.id } as never },
        t.token.admin,
      ),
    ).toBe(CODE.customDetailNumberTaken);
    expect(
      (
        await t.call(
          'product.customAttributeCreate',
          { body: { ...attributeForm({ rule: '十' }), modelId: created.id } as never },
          t.token.admin,
        )
      ).body.content.fields,
    ).toEqual({ rule: 'product.validation.ruleFormat' });
  });
});

describe('product.customAttributeUpdate', () => {
  it('edits an attribute, and answers a missing one with 2813', async () => {
    const created = await t.ok('product.customModelCreate', { body: modelForm() }, t.token.admin);
    const a = await t.ok(
      'product.customAttributeCreate',
      { body: { ...attributeForm(), modelId: created.id } as never },
      t.token.admin,
    );
    expect(
      await t.ok(
        'product.customAttributeUpdate',
        { params: { id: a.id }, body: attributeForm({ number: a.number, kind: 'string', rule: '8' }) as never },
        t.token.admin,
      ),
    ).toMatchObject({ kind: 'string', rule: '8' });
    expect(
      await t.code(
        'product.customAttributeUpdate',
        { params: { id: 999999 }, body: attributeForm() as never },
        t.token.admin,
      ),
    ).toBe(CODE.customDetailNotFound);
  });
});

describe('product.customAttributeDelete', () => {
  it('removes an attribute', async () => {
    const created = await t.ok('product.customModelCreate', { body: modelForm() }, t.token.admin);
    const a = await t.ok(
      'product.customAttributeCreate',
      { body: { ...attributeForm(), modelId: created.id } as never },
      t.token.admin,
    );
    await t.ok('product.customAttributeDelete', { params: { id: a.id } }, t.token.admin);
    expect(await t.code('product.customAttributeDelete', { params: { id: a.id } }, t.token.admin)).toBe(
      CODE.customDetailNotFound,
    );
  });
});

describe('product.customImageList', () => {
  it("lists a model's images", async () => {
    const fr80 = (await models()).find((m) => m.number === 'FR80')!;
    expect(
      (await t.ok('product.customImageList', { body: { modelId: fr80.id } }, t.token.admin)).map((i) => [
        i.number,
        i.required,
      ]),
    ).toEqual([['DOOR', true]]);
  });
});

describe('product.customImageCreate', () => {
  it('adds an image, unique number within the model (2812)', async () => {
    const created = await t.ok('product.customModelCreate', { body: modelForm() }, t.token.admin);
    await t.ok(
      'product.customImageCreate',
      { body: { ...imageForm({ number: 'Y' }), modelId: created.id } },
      t.token.admin,
    );
    expect(
      await t.code(
        'product.customImageCreate',
        { body: { ...imageForm({ number: 'Y' }), modelId: created.id } },
        t.token.admin,
      ),
    ).toBe(CODE.customDetailNumberTaken);
  });
});

describe('product.customImageUpdate', () => {
  it('edits an image', async () => {
    const created = await t.ok('product.customModelCreate', { body: modelForm() }, t.token.admin);
    const i = await t.ok('product.customImageCreate', { body: { ...imageForm(), modelId: created.id } }, t.token.admin);
    expect(
      await t.ok(
        'product.customImageUpdate',
        { params: { id: i.id }, body: imageForm({ number: i.number, required: false }) },
        t.token.admin,
      ),
    ).toMatchObject({ required: false });
  });
});

describe('product.customImageDelete', () => {
  it('removes an image', async () => {
    const created = await t.ok('product.customModelCreate', { body: modelForm() }, t.token.admin);
    const i = await t.ok('product.customImageCreate', { body: { ...imageForm(), modelId: created.id } }, t.token.admin);
    await t.ok('product.customImageDelete', { params: { id: i.id } }, t.token.admin);
    expect(await t.code('product.customImageDelete', { params: { id: i.id } }, t.token.admin)).toBe(
      CODE.customDetailNotFound,
    );
  });
});

describe('product.customModels', () => {
  it('gives a tenant every model with its attributes and images', async () => {
    const list = await models();
    expect(list.find((m) => m.number === 'FR80')).toMatchObject({
      attributes: [{ number: 'LAYER' }, { number: 'FACE' }],
      images: [{ number: 'DOOR' }],
    });
  });
});

describe('product.customInfo', () => {
  it("gives a coffee's information per model, and refuses another tenant's product (1101)", async () => {
    const product = await latte();
    const [info] = await t.ok('product.customInfo', { params: { id: product.id } }, t.token.tenant2);
    const cm200 = (await models()).find((m) => m.number === 'CM200')!;
    expect(info!.modelId).toBe(cm200.id);
    expect(Object.keys(info!.attributes)).toHaveLength(3);
    expect(await t.code('product.customInfo', { params: { id: product.id } }, t.token.tenant1)).toBe(
      CODE.productNotFound,
    );
  });
});

describe('product.customInfoSave', () => {
  it('checks values and required pictures per model, saves them, and removes the information when emptied', async () => {
    const product = await latte();
    const fr80 = (await models()).find((m) => m.number === 'FR80')!;
    const [shelf, face] = fr80.attributes;
    const refused = await t.call(
      'product.customInfoSave',
      { params: { id: product.id, modelId: fr80.id }, body: { attributes: { [shelf!.id]: 9 }, images: {} } },
      t.token.tenant2,
    );
    expect(refused.body.content.fields).toEqual({
      [`attributes.${shelf!.id}`]: 'product.validation.attrRange',
      [`images.${fr80.images[0]!.id}`]: 'product.validation.imageRequired',
    });

    const file = await uploadImage(t, t.token.tenant2, IMAGES['image/png'], 'door.png');
    const saved = await t.ok(
      'product.customInfoSave',
      {
        params: { id: product.id, modelId: fr80.id },
        body: { attributes: { [shelf!.id]: 3, [face!.id]: '正面' }, images: { [fr80.images[0]!.id]: file } },
      },
      t.token.tenant2,
    );
    expect(saved).toMatchObject({ modelId: fr80.id, attributes: { [shelf!.id]: 3, [face!.id]: '正面' } });
    expect(
      (await t.ok('product.customInfo', { params: { id: product.id } }, t.token.tenant2)).map((i) => i.modelId),
    ).toContain(fr80.id);

    const cm200 = (await models()).find((m) => m.number === 'CM200')!;
    const cm200Info = (await t.ok('product.customInfo', { params: { id: product.id } }, t.token.tenant2)).find(
      (i) => i.modelId === cm200.id,
    )!;
    expect(Object.keys(cm200Info.attributes)).toHaveLength(3);
    const emptied = await t.call(
      'product.customInfoSave',
      { params: { id: product.id, modelId: cm200.id }, body: { attributes: {}, images: {} } },
      t.token.tenant2,
    );
    expect(emptied.body.content.fields).toBeDefined();
    expect(
      await t.code(
        'product.customInfoSave',
        { params: { id: product.id, modelId: 999999 }, body: { attributes: {}, images: {} } },
        t.token.tenant2,
      ),
    ).toBe(CODE.customModelNotFound);
  });
});
