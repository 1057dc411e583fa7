/**
 * Demo wallets, tenant A's: its top-up tiers since two months ago (充 50 送 3,
 * 充 100 送 10); 林小雨 topped up ¥100 three weeks ago and got ¥10 on top;
 * 张伟's ¥50 came over from the operator's old prepaid cards.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/index.js';
import type { DemoData } from '../manifest.js';
import { moveWallet } from './ledger.js';
import { walletMoves, walletTierSets } from './schema.js';
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
  },
};
