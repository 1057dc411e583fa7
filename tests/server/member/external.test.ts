/** Members of another loyalty programme: a sale names one instead of one of ours, and the member centre lists them. */
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { suiteApp } from '../helpers.js';
import { memberSession, sell, stock } from './support.js';

const t = suiteApp(['tenant1', 'tenant2', 'admin']);
const SERIAL = 'VM2026000101';
const MALL = { programme: '万象城会员', id: `MX-${process.pid}` };

describe('member.externalPage', () => {
  it('counts the sales that named a member of another programme, listed and found by its id or programme', async () => {
    await stock(t, SERIAL);
    const first = await sell(t, SERIAL, { externalMember: MALL });
    const second = await sell(t, SERIAL, { externalMember: MALL, items: [{ channel: 1, count: 2 }] });
    expect([first.body.code, second.body.code]).toEqual([CODE.ok, CODE.ok]);
    expect(first.body.content.points).toBe(0);
    const page = await t.ok('member.externalPage', { query: {}, body: { keyword: MALL.id } }, t.token.tenant1);
    expect(page.list).toEqual([
      expect.objectContaining({
        programme: MALL.programme,
        externalId: MALL.id,
        orders: 2,
        amount: first.body.content.amount + second.body.content.amount,
        tenantName: '华东智售科技有限公司',
      }),
    ]);
    expect(
      (await t.ok('member.externalPage', { query: {}, body: { keyword: '万象城' } }, t.token.tenant1)).total,
    ).toBeGreaterThan(0);
    // Another tenant sees none of them.
    expect((await t.ok('member.externalPage', { query: {}, body: { keyword: MALL.id } }, t.token.tenant2)).total).toBe(
      0,
    );
  });

  it('refuses a sale naming both one of ours and another programme’s member (a field error), and writes nothing', async () => {
    await stock(t, SERIAL);
    const { member } = await memberSession(t, t.ids.tenant('A'));
    const both = await sell(t, SERIAL, { memberId: member.id, externalMember: { programme: 'x', id: 'y' } });
    expect(both.body.content.fields).toEqual({ externalMember: 'validation.invalid' });
    const page = await t.ok('member.externalPage', { query: {}, body: { keyword: 'y' } }, t.token.admin);
    expect(page.list.filter((m) => m.programme === 'x')).toEqual([]);
  });
});
