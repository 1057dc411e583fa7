/**
 * Busy is not down (server/db/outage.ts `isDatabaseBusy`): on PostgreSQL, 200
 * point debits of one member arrive while another transaction holds the
 * member's row for six seconds. Requests that cannot get their turn — the
 * lock past `lock_timeout`, or a connection while all ten are at work — are
 * told "busy, try again" (1303, HTTP 409), never "database unavailable"
 * (503); every other answer is a success or a business refusal, and the
 * ledger is right afterwards. PGlite has one connection and no lock waits:
 * the file runs on PostgreSQL only.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, sandboxCode } from '../../../server/member/index.js';
import { members } from '../../../server/member/schema.js';
import { CODE } from '../../../shared/domains.js';
import { createTestApp, postgresUrl, type TestApp } from '../helpers.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.signIn('tenant1');
});
afterAll(() => t.close());

describe.runIf(postgresUrl)('a member’s row held while 200 debits arrive', () => {
  it('answers busy (1303) to those that cannot get their turn, never 503, and keeps the ledger right', async () => {
    const signedIn = await t.ok('member.signIn', {
      body: { tenantId: t.ids.tenant('A'), code: sandboxCode(`busy-${process.pid}`) },
    });
    const id = signedIn.member.id;
    await t.ok('member.adjustPoints', { params: { id }, body: { points: 300, reason: '充值' } }, token);
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const hold = t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${members} where ${members.id} = ${id} for update`);
      holding();
      await new Promise((resolve) => setTimeout(resolve, 6_000));
    });
    await held;
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        t.call('member.adjustPoints', { params: { id }, body: { points: -1, reason: '兑换' } }, token),
      ),
    );
    await hold;
    const codes = answers.map((a) => a.body?.code);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(codes.filter((c) => c !== CODE.ok && c !== CODE.databaseBusy)).toEqual([]);
    const busy = answers.filter((a) => a.body?.code === CODE.databaseBusy);
    expect(busy.length).toBeGreaterThan(0);
    for (const a of busy) expect(a.status).toBe(409);
    const done = codes.filter((c) => c === CODE.ok).length;
    expect(await balanceOf(t.db, id, new Date())).toBe(300 - done);
  }, 90_000);
});
