/** Attributes of a category (spec §3 Attribute, §5: rule required and parsed, at most 10 options of at most 10 characters). */
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { parseRule, ruleProblem, valueProblem } from '../../../shared/product/index.js';
import { suiteApp } from '../helpers.js';
import { categoryOf as sharedCategoryOf } from './support.js';

const t = suiteApp(['tenant1', 'tenant2']);

const categoryOf = (tenant: 'A' | 'A1' | 'B', number: string) => sharedCategoryOf(t, tenant, number);

let made = 0;
const form = (over: Record<string, unknown> = {}) => ({
  groupName: '规格',
  name: `属性${++made}`,
  number: `ATTR-${made}`,
  kind: 'range',
  required: true,
  rule: '0~100',
  unit: '克',
  ...over,
});

describe('attribute rules', () => {
  it("reads each input type's rule, and refuses what does not parse", () => {
    expect(parseRule('range', '0~100')).toEqual({ kind: 'range', min: 0, max: 100 });
    expect(parseRule('range', '-20 至 40')).toEqual({ kind: 'range', min: -20, max: 40 });
    expect(parseRule('range', '100~0')).toBeNull();
    expect(parseRule('range', '十到二十')).toBeNull();
    expect(parseRule('date', '2026-01-01~2026-12-31')).toEqual({
      kind: 'date',
      start: '2026-01-01',
      end: '2026-12-31',
    });
    expect(parseRule('date', '2026-02-30~2026-12-31')).toBeNull();
    expect(parseRule('single', '冰镇，常温、加热')).toEqual({ kind: 'single', options: ['冰镇', '常温', '加热'] });
    expect(parseRule('string', '20')).toEqual({ kind: 'string', maxLength: 20 });
    expect(parseRule('string', '0')).toBeNull();
    expect(parseRule('boolean', '')).toEqual({ kind: 'boolean' });
    expect(ruleProblem('multiple', Array.from({ length: 11 }, (_, i) => `选项${i}`).join(','))).toBe(
      'product.validation.tooManyOptions',
    );
    expect(ruleProblem('single', '一二三四五六七八九十十一,短')).toBe('product.validation.optionTooLong');
    expect(ruleProblem('single', '冰,冰')).toBe('product.validation.optionRepeat');
  });

  it('checks a value against its attribute: required, options, ranges and dates', () => {
    const range = { kind: 'range', rule: '1~72', required: true } as const;
    expect(valueProblem(range, undefined)).toBe('validation.required');
    expect(valueProblem(range, 24)).toBeNull();
    expect(valueProblem(range, 73)).toBe('product.validation.attrRange');
    expect(valueProblem({ ...range, required: false }, undefined)).toBeNull();
    expect(valueProblem({ kind: 'multiple', rule: '加奶,加糖', required: false }, ['加奶', '加盐'])).toBe(
      'product.validation.attrOption',
    );
    expect(valueProblem({ kind: 'single', rule: '加奶,加糖', required: true }, '加糖')).toBeNull();
    expect(valueProblem({ kind: 'date', rule: '2026-01-01~2026-12-31', required: true }, '2027-01-01')).toBe(
      'product.validation.attrDate',
    );
    expect(valueProblem({ kind: 'string', rule: '3', required: true }, '太长了吧')).toBe('product.validation.attrText');
    expect(valueProblem({ kind: 'boolean', rule: '', required: false }, false)).toBeNull();
  });
});

describe('product.attributeList', () => {
  it('lists the attributes of a category with those of the categories above it first', async () => {
    const list = await t.ok(
      'product.attributeList',
      { body: { categoryId: await categoryOf('A', 'COFFEE-FRESH') } },
      t.token.tenant1,
    );
    expect(list.map((a) => a.number)).toEqual(['CUP', 'SWEET', 'EXTRA']);
    const soda = await t.ok(
      'product.attributeList',
      { body: { categoryId: await categoryOf('A', 'DRINK-SODA') } },
      t.token.tenant1,
    );
    expect(soda.map((a) => [a.categoryName, a.name])).toEqual([
      ['饮料', '容量'],
      ['饮料', '包装'],
      ['饮料', '饮用温度'],
    ]);
  });

  it("refuses another tenant's category as missing (1104)", async () => {
    expect(
      (await t.call('product.attributeList', { body: { categoryId: await categoryOf('A', 'DRINK') } }, t.token.tenant2))
        .body.code,
    ).toBe(CODE.categoryNotFound);
  });
});

describe('product.attributeCreate', () => {
  it('adds an attribute to a category of the scope', async () => {
    const categoryId = await categoryOf('B', 'SNACK-NUT');
    const created = await t.ok(
      'product.attributeCreate',
      { body: { ...form({ kind: 'multiple', rule: '原味,盐焗,炭烧' }), categoryId } as never },
      t.token.tenant2,
    );
    expect(created).toMatchObject({ kind: 'multiple', rule: '原味,盐焗,炭烧', categoryId, categoryName: '坚果' });
    expect((await t.ok('product.attributeList', { body: { categoryId } }, t.token.tenant2)).map((a) => a.id)).toContain(
      created.id,
    );
  });

  it('refuses a rule that does not parse, more than 10 options and a missing rule as field errors', async () => {
    const categoryId = await categoryOf('B', 'SNACK-NUT');
    const refused = async (over: Record<string, unknown>) =>
      (await t.call('product.attributeCreate', { body: { ...form(over), categoryId } as never }, t.token.tenant2)).body
        .content?.fields;
    expect(await refused({ rule: '一百' })).toEqual({ rule: 'product.validation.ruleFormat' });
    expect(await refused({ kind: 'single', rule: 'a,b,c,d,e,f,g,h,i,j,k' })).toEqual({
      rule: 'product.validation.tooManyOptions',
    });
    expect(await refused({ kind: 'single', rule: '' })).toEqual({ rule: 'validation.required' });
    expect(await refused({ groupName: '' })).toEqual({ groupName: 'validation.required' });
  });

  it("refuses a number the category uses (2804), and another tenant's category (1104)", async () => {
    const categoryId = await categoryOf('B', 'DRINK');
    expect(
      await t.code(
        'product.attributeCreate',
        { body: { ...form({ number: 'VOLUME' }), categoryId } as never },
        t.token.tenant2,
      ),
    ).toBe(CODE.attributeNumberTaken);
    expect(
      (await t.call('product.attributeCreate', { body: { ...form(), categoryId } as never }, t.token.tenant1)).body
        .code,
    ).toBe(CODE.categoryNotFound);
  });
});

describe('product.attributeUpdate', () => {
  it("edits an attribute of the scope, and refuses another tenant's (2803)", async () => {
    const categoryId = await categoryOf('B', 'SNACK-CANDY');
    const created = await t.ok(
      'product.attributeCreate',
      { body: { ...form(), categoryId } as never },
      t.token.tenant2,
    );
    const edited = await t.ok(
      'product.attributeUpdate',
      {
        params: { id: created.id },
        body: form({ number: created.number, kind: 'boolean', rule: '', name: '无糖' }) as never,
      },
      t.token.tenant2,
    );
    expect(edited).toMatchObject({ kind: 'boolean', rule: '', name: '无糖' });
    expect(
      (await t.call('product.attributeUpdate', { params: { id: created.id }, body: form() as never }, t.token.tenant1))
        .body.code,
    ).toBe(CODE.attributeNotFound);
  });
});

describe('product.attributeDelete', () => {
  it("removes an attribute of the scope, refuses another tenant's (2803), and goes with its category", async () => {
    const categoryId = await categoryOf('B', 'SNACK-CANDY');
    const created = await t.ok(
      'product.attributeCreate',
      { body: { ...form(), categoryId } as never },
      t.token.tenant2,
    );
    expect(await t.code('product.attributeDelete', { params: { id: created.id } }, t.token.tenant1)).toBe(
      CODE.attributeNotFound,
    );
    await t.ok('product.attributeDelete', { params: { id: created.id } }, t.token.tenant2);
    expect(await t.code('product.attributeDelete', { params: { id: created.id } }, t.token.tenant2)).toBe(
      CODE.attributeNotFound,
    );

    const leaf = await t.ok(
      'product.categoryCreate',
      { body: { name: '临时', number: 'TEMP-ATTR', description: '测试', remark: '测试', parentId: null } },
      t.token.tenant2,
    );
    const attribute = await t.ok(
      'product.attributeCreate',
      { body: { ...form(), categoryId: leaf.id } as never },
      t.token.tenant2,
    );
    await t.ok('product.categoryDelete', { params: { id: leaf.id } }, t.token.tenant2);
    expect(
      await t.code('product.attributeUpdate', { params: { id: attribute.id }, body: form() as never }, t.token.tenant2),
    ).toBe(CODE.attributeNotFound);
  });
});
