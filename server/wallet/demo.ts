/**
 * Demo wallets, tenant A's: its top-up tiers since two months ago (充 50 送 3,
 * 充 100 送 10); 林小雨 topped up ¥100 three weeks ago and got ¥10 on top;
 * 张伟's ¥50 came over from the operator's old prepaid cards; 陈静 topped
 * up ¥50 (¥3 on top) a month ago and, moving away, had it given back two
 * weeks later — the ¥50 refunded to her WeChat payment, the ¥3 forfeited;
 * 王芳 topped up ¥50 (¥3 on top) ten days ago, and spends it at a machine
 * (server/refund/demo.ts).
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/index.js';
import type { DemoData } from '../manifest.js';
import { moveWallet } from './ledger.js';
import { walletGiveBackRefunds, walletGiveBacks, walletMoves, walletTierSets, walletTopUps } from './schema.js';
import { businessDay } from '../../shared/business-time.js';

const DAY = 86_400_000;

/** Dates a demo move as of `at` (the ledger writes now). */
const dated = (tx: Tx, id: number, at: Date) =>
  tx.update(walletMoves).set({ createdAt: at }).where(eq(walletMoves.id, id));

export const walletDemo: DemoData = {
  after: ['member'],
  async load({ tx, ids, now }) {
    await tx.insert(walletTierSets).values({
      tenantId: ids.get('tenant', 'A'),
      fromDay: businessDay(now - 60 * DAY),
      tiers: [
        { pay: 5_000, bonus: 300 },
        { pay: 10_000, bonus: 1_000 },
      ],
    });
    const lin = ids.get('member', 'A1');
    const topUp = await moveWallet(
      tx,
      { memberId: lin, kind: 'topUp', key: `demo:topUp:${lin}`, reason: '充 100 送 10' },
      { principal: 10_000, bonus: 1_000 },
    );
    await dated(tx, topUp.id, new Date(now - 21 * DAY));
    const zhang = ids.get('member', 'A2');
    const imported = await moveWallet(
      tx,
      { memberId: zhang, kind: 'import', key: `demo:import:${zhang}`, reason: '旧储值卡余额导入' },
      { principal: 5_000, bonus: 0 },
    );
    await dated(tx, imported.id, new Date(now - 30 * DAY));
    await givenBack(tx, ids.get('tenant', 'A'), ids.get('member', 'A5'), now);
    // 王芳 tops up at the counter; she spends it at a machine (server/refund/demo.ts).
    const wang = ids.get('member', 'A3');
    const hers = await moveWallet(
      tx,
      { memberId: wang, kind: 'topUp', key: `demo:topUp:${wang}`, reason: '充 50 送 3' },
      { principal: 5_000, bonus: 300 },
    );
    await dated(tx, hers.id, new Date(now - 10 * DAY));
  },
};

/** A payment's number as the upstream makes it on the day `at` (topups.ts `dayNumber`). */
const numberOn = (prefix: string, at: Date, id: number) =>
  `${prefix}${businessDay(at.getTime()).replaceAll('-', '')}${String(id).padStart(8, '0')}`;

/** 陈静's top-up, paid at the sandbox a month ago, and its give-back two weeks later, refunded and done. */
async function givenBack(tx: Tx, tenantId: number, memberId: number, now: number) {
  const paidAt = new Date(now - 30 * DAY);
  const backAt = new Date(now - 16 * DAY);
  const [topUp] = await tx
    .insert(walletTopUps)
    .values({
      number: `demo-${memberId}`,
      tenantId,
      memberId,
      amount: 5_000,
      bonus: 300,
      platform: 'wechat',
      state: 'paid',
      expiresAt: paidAt,
      createdAt: paidAt,
      paidAt,
      platformNumber: '4200002026110412345678',
    })
    .returning({ id: walletTopUps.id });
  await tx
    .update(walletTopUps)
    .set({ number: numberOn('TU', paidAt, topUp!.id) })
    .where(eq(walletTopUps.id, topUp!.id));
  const credited = await moveWallet(
    tx,
    { memberId, kind: 'topUp', key: `topUp:payment:${topUp!.id}`, reason: numberOn('TU', paidAt, topUp!.id) },
    { principal: 5_000, bonus: 300 },
  );
  await dated(tx, credited.id, paidAt);
  const [giveBack] = await tx
    .insert(walletGiveBacks)
    .values({
      number: `demo-${memberId}`,
      tenantId,
      memberId,
      principal: 5_000,
      bonus: 300,
      state: 'done',
      reason: '搬家，不再使用',
      createdAt: backAt,
      settledAt: backAt,
    })
    .returning({ id: walletGiveBacks.id });
  const number = numberOn('GB', backAt, giveBack!.id);
  await tx.update(walletGiveBacks).set({ number }).where(eq(walletGiveBacks.id, giveBack!.id));
  await tx.insert(walletGiveBackRefunds).values({
    giveBackId: giveBack!.id,
    tenantId,
    topUpId: topUp!.id,
    amount: 5_000,
    state: 'paid',
    settledAt: backAt,
  });
  for (const [kind, parts] of [
    ['giveBack', { principal: -5_000, bonus: 0 }],
    ['forfeit', { principal: 0, bonus: -300 }],
  ] as const) {
    const moved = await moveWallet(tx, { memberId, kind, key: `${kind}:${giveBack!.id}`, reason: number }, parts);
    await dated(tx, moved.id, backAt);
  }
}
