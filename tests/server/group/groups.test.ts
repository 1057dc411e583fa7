/** Customer groups: the list and a group with its sizes, create / update / state / delete, tenants kept apart. */
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { suiteApp } from '../helpers.js';

const t = suiteApp(['tenant1', 'tenant2', 'admin', 'member1']);
let made = 0;
const create = (body: object = {}, token = t.token.tenant1) =>
  t.call(
    'group.create',
    {
      body: {
        name: `测试分组${process.pid}-${++made}`,
        definition: '测试用的分组',
        identifier: 'phone',
        importMethod: 'preImport',
        ...body,
      } as never,
    },
    token,
  );

describe('group.page', () => {
  it("lists the caller's groups newest first with their sizes; another tenant's stay apart; no custom role has them", async () => {
    const list = await t.ok('group.page', { query: {}, body: {} }, t.token.tenant1);
    const staff = list.list.find((g) => g.name === '浦东软件园员工')!;
    expect(staff).toMatchObject({ identifier: 'phone', importMethod: 'preImport', size: 3, inactive: 2, pending: 0 });
    expect((await t.ok('group.page', { query: {}, body: {} }, t.token.tenant2)).list.map((g) => g.name)).not.toContain(
      '浦东软件园员工',
    );
    expect((await t.ok('group.page', { query: {}, body: { keyword: '常客' } }, t.token.tenant1)).list).toHaveLength(1);
    expect(await t.code('group.page', { query: {}, body: {} }, t.token.member1)).toBe(CODE.forbidden);
  });
});

describe('group.info', () => {
  it('answers a group of the scope, 3402 beyond', async () => {
    const made = (await create()).body.content;
    expect((await t.ok('group.info', { params: { id: made.id } }, t.token.tenant1)).name).toBe(made.name);
    expect(await t.code('group.info', { params: { id: made.id } }, t.token.tenant2)).toBe(CODE.groupNotFound);
  });
});

describe('group.create', () => {
  it('makes a group of the tenant; a name the tenant has is 3403; required fields are field errors', async () => {
    const first = await create({ name: '重名测试' });
    expect(first.body.content).toMatchObject({ name: '重名测试', size: 0, state: 'normal', review: false });
    expect((await create({ name: '重名测试' })).body.code).toBe(CODE.groupNameTaken);
    // Another tenant may use the name.
    expect((await create({ name: '重名测试' }, t.token.tenant2)).body.code).toBe(CODE.ok);
    const empty = await t.call('group.create', { body: {} as never }, t.token.tenant1);
    expect(Object.keys(empty.body.content.fields).sort()).toEqual(['definition', 'identifier', 'importMethod', 'name']);
    // Parallel creations of one name: one group.
    const name = `并发${process.pid}`;
    const answers = await Promise.all(Array.from({ length: 6 }, () => create({ name })));
    expect(answers.filter((a) => a.body.code === CODE.ok)).toHaveLength(1);
  });
});

describe('group.update', () => {
  it('renames, rewrites and turns the review on; 3403 for a taken name', async () => {
    const g = (await create()).body.content;
    const other = (await create()).body.content;
    const saved = await t.ok(
      'group.update',
      { params: { id: g.id }, body: { name: `${g.name}改`, definition: '新的定义', review: true } },
      t.token.tenant1,
    );
    expect(saved).toMatchObject({ name: `${g.name}改`, definition: '新的定义', review: true, identifier: 'phone' });
    expect(
      await t.code(
        'group.update',
        { params: { id: g.id }, body: { name: other.name, definition: 'x', review: false } },
        t.token.tenant1,
      ),
    ).toBe(CODE.groupNameTaken);
  });
});

describe('group.setState', () => {
  it('disables and enables; 3402 beyond the scope', async () => {
    const g = (await create()).body.content;
    expect(
      await t.ok('group.setState', { params: { id: g.id }, body: { state: 'disabled' } }, t.token.tenant1),
    ).toEqual({ state: 'disabled' });
    expect(await t.code('group.setState', { params: { id: g.id }, body: { state: 'normal' } }, t.token.tenant2)).toBe(
      CODE.groupNotFound,
    );
  });
});

describe('group.delete', () => {
  it('deletes a group with its members; a second delete is 3402', async () => {
    const g = (await create()).body.content;
    await t.ok('group.addMembers', { params: { id: g.id }, body: { identifiers: ['13761209901'] } }, t.token.tenant1);
    expect(await t.ok('group.delete', { params: { id: g.id } }, t.token.tenant1)).toEqual({ deleted: true });
    expect(await t.code('group.delete', { params: { id: g.id } }, t.token.tenant1)).toBe(CODE.groupNotFound);
  });
});
