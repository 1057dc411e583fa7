/** Scene linkage (spec §2 /sceneadmin, §3 Scene and menu node, §4 normal/disabled, §5 rules, §8 3501–3525). */
import { beforeAll, describe, expect, it } from 'vitest';
import { CODE, type ApiInput } from '../../../shared/domains.js';
import { suiteApp } from '../helpers.js';
import { uploadImage } from '../product/support.js';
import { IMAGES } from '../file/support.js';

const t = suiteApp(['tenant1']);
let image: string;
beforeAll(async () => {
  image = await uploadImage(t, t.token.tenant1, IMAGES['image/png']);
});

const d = (serial: string) => t.ids.device(serial);
const sceneNamed = async (name: string, token = t.token.tenant1) =>
  (await t.ok('scene.page', { query: {}, body: { keyword: name } }, token)).list[0]!;
type Nodes = ApiInput<'scene.menuSave'>['body']['nodes'];
const node = (
  key: string,
  parentKey: string | null,
  deviceIds: number[],
  extra: Partial<Nodes[number]> = {},
): Nodes[number] => ({
  key,
  parentKey,
  name: `节点${key}`,
  image,
  type: 'required',
  match: 'single',
  failure: 'refundNode',
  deviceIds,
  ...extra,
});

describe('scene.page', () => {
  it("lists the caller's scenes with device counts and status, another tenant's unseen", async () => {
    const page = await t.ok('scene.page', { query: {}, body: {} }, t.token.tenant1);
    expect(page.list.map((s) => [s.name, s.deviceCount, s.onlineCount, s.nodeCount, s.status])).toEqual([
      ['虹桥站早餐组合', 2, 2, 3, 'normal'],
    ]);
    const tenant2 = await t.signIn('tenant2');
    expect((await t.ok('scene.page', { query: {}, body: {} }, tenant2)).list.map((s) => [s.name, s.status])).toEqual([
      ['广州南站咖啡套餐', 'disabled'],
    ]);
    expect(await t.code('scene.page', { query: {}, body: { tenantId: t.ids.tenant('A') } }, tenant2)).toBe(
      CODE.tenantNotFound,
    );
    const member = await t.signIn('member1');
    expect(await t.code('scene.page', { query: {}, body: {} }, member)).toBe(CODE.forbidden);
  });
});

describe('scene.deviceOptions', () => {
  it("offers the tenant's devices with the scene each serves; a foreign tenant is refused", async () => {
    const options = await t.ok('scene.deviceOptions', { body: { keyword: 'VM20260001' } }, t.token.tenant1);
    expect(options.find((o) => o.serial === 'VM2026000101')).toMatchObject({ sceneName: '虹桥站早餐组合' });
    expect(options.find((o) => o.serial === 'VM2026000104')).toMatchObject({ sceneId: null });
    expect(options.map((o) => o.serial)).not.toContain('VM2026000201');
    expect(await t.code('scene.deviceOptions', { body: { tenantId: t.ids.tenant('B') } }, t.token.tenant1)).toBe(
      CODE.tenantNotFound,
    );
  });
});

describe('scene.info', () => {
  it("shows the devices in order and the menu tree; another tenant's scene is missing (3501)", async () => {
    const scene = await sceneNamed('虹桥站早餐组合');
    const info = await t.ok('scene.info', { params: { id: scene.id } }, t.token.tenant1);
    expect(info.devices.map((x) => x.serial)).toEqual(['VM2026000101', 'VM2026000102']);
    expect(info.menu.map((n) => [n.key, n.parentKey, n.name])).toEqual([
      ['drinks', null, '饮品'],
      ['coffee', 'drinks', '冷饮'],
      ['snacks', null, '小食'],
    ]);
    const res = await t.call('scene.info', { params: { id: scene.id } }, await t.signIn('tenant2'));
    expect(res.body.code).toBe(CODE.sceneNotFound);
    expect(JSON.stringify(res.body)).not.toContain('早餐');
  });
});

describe('scene.create', () => {
  it("creates a scene of the tenant's devices; refuses none (3502), twice (3503), taken (3509), foreign (1201), empty fields", async () => {
    const base = { name: '人民广场咖啡饮料', description: '', notes: '试运行' };
    expect(await t.code('scene.create', { body: { ...base, deviceIds: [] } }, t.token.tenant1)).toBe(
      CODE.sceneNeedsDevices,
    );
    expect(
      await t.code(
        'scene.create',
        { body: { ...base, deviceIds: [d('VM2026000104'), d('VM2026000104')] } },
        t.token.tenant1,
      ),
    ).toBe(CODE.sceneDuplicateDevice);
    expect(
      await t.code(
        'scene.create',
        { body: { ...base, deviceIds: [d('VM2026000104'), d('VM2026000101')] } },
        t.token.tenant1,
      ),
    ).toBe(CODE.sceneDeviceTaken);
    expect(
      await t.code(
        'scene.create',
        { body: { ...base, deviceIds: [d('VM2026000104'), d('VM2026000301')] } },
        t.token.tenant1,
      ),
    ).toBe(CODE.deviceNotFound);
    const empty = await t.call(
      'scene.create',
      { body: { name: ' ', notes: '', deviceIds: [d('VM2026000104')] } },
      t.token.tenant1,
    );
    expect(empty.body.content.fields).toEqual({ name: 'scene.validation.empty', notes: 'scene.validation.empty' });
    // A device of A1 in a scene of A: not the scene tenant's device.
    expect(await t.code('scene.create', { body: { ...base, deviceIds: [d('VM2026000201')] } }, t.token.tenant1)).toBe(
      CODE.deviceNotFound,
    );
    const made = await t.ok(
      'scene.create',
      { body: { ...base, deviceIds: [d('VM2026000105'), d('VM2026000104')] } },
      t.token.tenant1,
    );
    expect(made).toMatchObject({
      name: '人民广场咖啡饮料',
      status: 'normal',
      deviceCount: 2,
      tenantName: '华东智售科技有限公司',
      menu: [],
    });
    expect(made.devices.map((x) => x.serial)).toEqual(['VM2026000105', 'VM2026000104']);
    // The system admin names the tenant (1402 without).
    const admin = await t.signIn('admin');
    expect(await t.code('scene.create', { body: { ...base, deviceIds: [d('VM2026000303')] } }, admin)).toBe(
      CODE.tenantRequired,
    );
    expect(
      (
        await t.ok(
          'scene.create',
          { body: { ...base, tenantId: t.ids.tenant('B'), deviceIds: [d('VM2026000303')] } },
          admin,
        )
      ).tenantName,
    ).toBe('华南智慧零售有限公司');
  });
});

describe('scene.update', () => {
  it('renames and rebinds; renaming to nothing says content cannot be empty; the menu keeps only devices still bound', async () => {
    const scene = await sceneNamed('虹桥站早餐组合');
    const empty = await t.call(
      'scene.update',
      { params: { id: scene.id }, body: { name: '', notes: '早高峰主推', deviceIds: [d('VM2026000101')] } },
      t.token.tenant1,
    );
    expect(empty.body.content.fields).toEqual({ name: 'scene.validation.empty' });
    const updated = await t.ok(
      'scene.update',
      {
        params: { id: scene.id },
        body: { name: '虹桥站早餐套餐', notes: '早高峰主推', deviceIds: [d('VM2026000101'), d('VM2026000106')] },
      },
      t.token.tenant1,
    );
    expect(updated.devices.map((x) => x.serial)).toEqual(['VM2026000101', 'VM2026000106']);
    expect(updated.menu.find((n) => n.key === 'snacks')!.deviceIds).toEqual([]);
  });
});

describe('scene.menuSave', () => {
  it('saves a tree covering every device; refuses a missing device (3504), a foreign one (3507), a bad tree (3508), missing fields', async () => {
    const scene = await sceneNamed('虹桥站早餐套餐');
    const id = scene.id;
    const save = (nodes: Nodes) => t.call('scene.menuSave', { params: { id }, body: { nodes } }, t.token.tenant1);
    expect((await save([node('a', null, [d('VM2026000101')])])).body.code).toBe(CODE.sceneMenuMissesDevice);
    expect(
      (
        await save([
          node('a', null, [d('VM2026000101')]),
          node('b', null, [d('VM2026000106'), d('VM2026000102')], { match: 'multiple' }),
        ])
      ).body.code,
    ).toBe(CODE.sceneMenuForeignDevice);
    expect((await save([node('a', 'x', [d('VM2026000101')])])).body.code).toBe(CODE.sceneMenuInvalid);
    expect(
      (
        await save([
          node('a', null, [d('VM2026000101')]),
          node('b', 'a', [d('VM2026000106')]),
          node('c', 'b', [d('VM2026000106')]),
          node('e', 'c', [d('VM2026000106')]),
        ])
      ).body.code,
    ).toBe(CODE.sceneMenuInvalid);
    const fields = await save([
      node('a', null, [d('VM2026000101'), d('VM2026000106')]),
      node('b', null, [], { name: '', image: null }),
    ]);
    expect(fields.body.content.fields).toEqual({
      'nodes.1.name': 'scene.validation.empty',
      'nodes.1.image': 'scene.validation.image',
    });
    const single = await save([node('a', null, [d('VM2026000101'), d('VM2026000106')]), node('b', null, [])]);
    expect(single.body.content.fields).toEqual({
      'nodes.0.deviceIds': 'scene.validation.single',
      'nodes.1.deviceIds': 'scene.validation.devices',
    });
    const saved = await t.ok(
      'scene.menuSave',
      {
        params: { id },
        body: {
          nodes: [
            node('snack', null, [d('VM2026000106')], { name: '小食', type: 'optional', failure: 'skip' }),
            node('drink', null, [d('VM2026000101'), d('VM2026000106')], { name: '饮品', match: 'multiple' }),
            node('cold', 'drink', [d('VM2026000101')], { name: '冷饮' }),
          ],
        },
      },
      t.token.tenant1,
    );
    expect(saved.menu.map((n) => n.name)).toEqual(['小食', '饮品', '冷饮']);
    expect(saved.nodeCount).toBe(3);
    // An image the caller never uploaded nor was granted: 2204.
    expect(
      (
        await save([
          node('a', null, [d('VM2026000101'), d('VM2026000106')], { match: 'multiple', image: 'f'.repeat(64) }),
        ])
      ).body.code,
    ).toBe(CODE.fileNotFound);
  });
});

describe('scene.disable', () => {
  it('deactivates a scene, and refuses to deactivate it again (3505)', async () => {
    const scene = await sceneNamed('虹桥站早餐套餐');
    expect((await t.ok('scene.disable', { params: { id: scene.id } }, t.token.tenant1)).status).toBe('disabled');
    expect(await t.code('scene.disable', { params: { id: scene.id } }, t.token.tenant1)).toBe(
      CODE.sceneAlreadyDisabled,
    );
  });
});

describe('scene.enable', () => {
  it('puts a disabled scene back in service, and refuses one in service (3506)', async () => {
    const scene = await sceneNamed('虹桥站早餐套餐');
    expect((await t.ok('scene.enable', { params: { id: scene.id } }, t.token.tenant1)).status).toBe('normal');
    expect(await t.code('scene.enable', { params: { id: scene.id } }, t.token.tenant1)).toBe(CODE.sceneAlreadyEnabled);
  });
});

describe('scene.delete', () => {
  it('deletes a scene and frees its devices', async () => {
    const scene = await sceneNamed('人民广场咖啡饮料');
    expect(await t.ok('scene.delete', { params: { id: scene.id } }, t.token.tenant1)).toEqual({ id: scene.id });
    expect(await t.code('scene.info', { params: { id: scene.id } }, t.token.tenant1)).toBe(CODE.sceneNotFound);
    expect(
      (
        await t.ok(
          'scene.create',
          { body: { name: '复用设备', notes: '无', deviceIds: [d('VM2026000104')] } },
          t.token.tenant1,
        )
      ).deviceCount,
    ).toBe(1);
  });
});
