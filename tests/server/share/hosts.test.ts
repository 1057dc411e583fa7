/** Location hosts: created, named once per tenant, bank details sealed and never answered, points held by day, scope. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { configureSecrets, parseKeys, secretKeys } from '../../../server/payment/index.js';
import { rotateHostBanks } from '../../../server/share/index.js';
import { shareHosts } from '../../../server/share/schema.js';
import { suiteApp } from '../helpers.js';
import { percent, shareWorld } from './support.js';

const t = suiteApp(['tenant1', 'tenant11', 'tenant2', 'admin', 'member1']);
const w = shareWorld(t);
const BANK = {
  bankName: '招商银行上海分行',
  accountName: '上海申通地铁资产经营有限公司',
  accountNumber: '6214830212345678',
};

describe('share.hostCreate', () => {
  it('makes a host with its bank details sealed: the answer says only that they are set', async () => {
    const host = await t.ok(
      'share.hostCreate',
      { body: { name: '上海久光百货', contact: '周经理', phone: '13800000001', bank: BANK } },
      t.token.tenant1,
    );
    expect(host).toMatchObject({ name: '上海久光百货', bankSet: true, points: 0, tenantId: t.ids.tenant('A') });
    expect(JSON.stringify(host)).not.toContain(BANK.accountNumber);
    const [row] = await t.db.select({ bank: shareHosts.bank }).from(shareHosts).where(eq(shareHosts.id, host.id));
    expect(row!.bank).not.toContain(BANK.accountNumber);
    expect(JSON.parse(row!.bank!)).toHaveProperty('tag');
  });

  it("reseals the bank details under the key ring's new key when the keys rotate", async () => {
    const host = await t.ok('share.hostCreate', { body: { name: '轮换密钥的场地方', bank: BANK } }, t.token.tenant1);
    const old = secretKeys()!;
    const next = parseKeys(Buffer.alloc(32, 9).toString('base64'))[0]!;
    try {
      configureSecrets([next, ...old]);
      expect(await rotateHostBanks(t.db, [next, ...old])).toBeGreaterThan(0);
      const [row] = await t.db.select({ bank: shareHosts.bank }).from(shareHosts).where(eq(shareHosts.id, host.id));
      expect(JSON.parse(row!.bank!)).toMatchObject({ keyId: next.id });
      expect(await rotateHostBanks(t.db, [next, ...old])).toBe(0);
    } finally {
      configureSecrets(old);
    }
  });

  it('refuses a name the tenant has, and a bad account number at its field', async () => {
    await t.ok('share.hostCreate', { body: { name: '同名商场' } }, t.token.tenant1);
    expect(await t.code('share.hostCreate', { body: { name: '同名商场' } }, t.token.tenant1)).toBe(
      CODE.shareHostNameTaken,
    );
    // Another tenant may have the same name.
    expect(await t.code('share.hostCreate', { body: { name: '同名商场' } }, t.token.tenant2)).toBe(200);
    const bad = await t.call(
      'share.hostCreate',
      { body: { name: '账号有误', bank: { ...BANK, accountNumber: '12ab' } } },
      t.token.tenant1,
    );
    expect(bad.body.code).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('bank');
  });

  it('is refused to a member without 9-1', async () => {
    expect(await t.code('share.hostCreate', { body: { name: '无权限' } }, t.token.member1)).toBe(403);
  });
});

describe('share.hostPage', () => {
  it("lists the caller's tenants' hosts only, the demo's with the points they hold today", async () => {
    const mine = await t.ok('share.hostPage', { query: { pageNum: 1, pageSize: 100 }, body: {} }, t.token.tenant1);
    expect(mine.list.find((h) => h.name === '中国铁路上海局集团')).toMatchObject({ points: 2 });
    const theirs = await t.ok('share.hostPage', { query: { pageNum: 1, pageSize: 100 }, body: {} }, t.token.tenant2);
    expect(theirs.list.every((h) => h.tenantId === t.ids.tenant('B'))).toBe(true);
    const found = await t.ok(
      'share.hostPage',
      { query: { pageNum: 1, pageSize: 10 }, body: { name: '申通' } },
      t.token.tenant1,
    );
    expect(found.list.map((h) => h.name)).toEqual(['上海申通地铁集团']);
    expect(JSON.stringify(mine)).not.toMatch(/accountNumber|"bank"/);
  });
});

describe('share.hostUpdate', () => {
  it('keeps the bank details when absent, removes them with null', async () => {
    const host = await t.ok('share.hostCreate', { body: { name: '改名前', bank: BANK } }, t.token.tenant1);
    const renamed = await t.ok(
      'share.hostUpdate',
      { params: { id: host.id }, body: { name: '改名后', contact: '', phone: '' } },
      t.token.tenant1,
    );
    expect(renamed).toMatchObject({ name: '改名后', bankSet: true });
    const cleared = await t.ok(
      'share.hostUpdate',
      { params: { id: host.id }, body: { name: '改名后', bank: null } },
      t.token.tenant1,
    );
    expect(cleared.bankSet).toBe(false);
    expect(
      await t.code('share.hostUpdate', { params: { id: host.id }, body: { name: '改名后' } }, t.token.tenant2),
    ).toBe(CODE.shareHostNotFound);
  });
});

describe('share.hostDelete', () => {
  it('deletes a host never stated, and refuses one on a statement', async () => {
    const spare = await t.ok('share.hostCreate', { body: { name: '待删除的场地方' } }, t.token.tenant1);
    expect(await t.ok('share.hostDelete', { params: { id: spare.id } }, t.token.tenant1)).toEqual({ deleted: true });
    const stated = await w.host(['hongqiao'], '2024-03-01');
    await w.rule({ hostId: stated.id }, '2024-03', percent(100));
    await w.day('VM2026000101', '2024-03-03', 1_000);
    await w.close('2024-03');
    expect(await t.code('share.hostDelete', { params: { id: stated.id } }, t.token.tenant1)).toBe(CODE.shareHostStated);
  });
});

describe('share.assign', () => {
  it("moves points to a host from a day; another tenant's point or host is refused", async () => {
    const host = await t.ok('share.hostCreate', { body: { name: '杭州铁路枢纽' } }, t.token.tenant1);
    const point = t.ids.point('hangzhouEast');
    expect(
      await t.ok(
        'share.assign',
        { body: { pointIds: [point], hostId: host.id, fromDay: '2024-06-15' } },
        t.token.tenant1,
      ),
    ).toEqual({ points: 1 });
    expect(
      await t.code(
        'share.assign',
        { body: { pointIds: [t.ids.point('tianhe')], hostId: host.id, fromDay: '2024-06-15' } },
        t.token.tenant1,
      ),
    ).toBe(CODE.pointNotFound);
    expect(
      await t.code(
        'share.assign',
        { body: { pointIds: [point], hostId: host.id, fromDay: '2024-06-15' } },
        t.token.tenant2,
      ),
    ).toBe(CODE.pointNotFound);
    const bad = await t.call(
      'share.assign',
      { body: { pointIds: [point], hostId: host.id, fromDay: '2024-02-30' } },
      t.token.tenant1,
    );
    expect(bad.body.code).toBe(400);
  });
});

describe('share.hostPoints', () => {
  it('lists the points a host held, each to the day before it changed hands', async () => {
    const first = await w.host(['hangzhouEast'], '2024-07-01');
    await w.host(['hangzhouEast'], '2024-07-20');
    const held = await t.ok('share.hostPoints', { params: { id: first.id } }, t.token.tenant1);
    expect(held).toEqual([
      { pointId: t.ids.point('hangzhouEast'), pointName: '杭州东站候车厅', fromDay: '2024-07-01', toDay: '2024-07-19' },
    ]);
  });
});

describe('share.subjects', () => {
  it("offers the tenant's points with today's host, its hosts and its second-level tenants; another's tenant is 1401", async () => {
    const subjects = await t.ok('share.subjects', { body: {} }, t.token.tenant1);
    expect(subjects.points.find((p) => p.name === '人民广场地铁站')).toMatchObject({ hostName: '上海申通地铁集团' });
    expect(subjects.hosts.map((h) => h.name)).toContain('南京德基广场');
    expect(subjects.subTenants).toEqual([{ id: t.ids.tenant('A1'), name: '苏州地铁零售有限公司' }]);
    expect((await t.ok('share.subjects', { body: {} }, t.token.tenant11)).subTenants).toEqual([]);
    expect(await t.code('share.subjects', { body: { tenantId: t.ids.tenant('A') } }, t.token.tenant2)).toBe(
      CODE.tenantNotFound,
    );
  });
});
