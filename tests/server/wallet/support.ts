/**
 * What the wallet tests share: every pending top-up and give-back refund answered now (`settleAll`), and tenant
 * A with its own WeChat Pay (API v2) account on the double, the sandboxes off (`onWechatDouble`): what the
 * wallet's payments at a real platform are tested against (top-ups, give-backs).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../../../server/db/index.js';
import {
  settleDueGiveBacks,
  settleDueTopUps,
  walletGiveBackRefunds,
  walletTopUps,
} from '../../../server/wallet/index.js';
import { setSandboxes } from '../../../server/manifest.js';
import { openP12 } from '../../../server/payment/check.js';
import type { SuiteApp } from '../helpers.js';
import { memberSession } from '../member/support.js';
import { startWechatV2Double, type WechatV2Double } from '../payment/doubles/wechatV2.js';
import { p12 } from '../support/p12.js';

/** Brings every pending top-up's and give-back refund's next look to now, and looks at them, as time passing would. */
export async function settleAll(db: Db) {
  await db
    .update(walletTopUps)
    .set({ settleAt: sql`now()` })
    .where(eq(walletTopUps.state, 'pending'));
  await settleDueTopUps(db);
  await db
    .update(walletGiveBackRefunds)
    .set({ settleAt: sql`now()` })
    .where(eq(walletGiveBackRefunds.state, 'pending'));
  await settleDueGiveBacks(db);
}

/** Tenant A's own WeChat Pay account on the double, the sandboxes off: call inside a `describe`. */
export function onWechatDouble(t: SuiteApp<'tenant1'>, merchant: string, apiKey: string) {
  const cert = p12(merchant);
  const saved = { ...process.env };
  const on = {} as { wechat: WechatV2Double; session: Awaited<ReturnType<typeof memberSession>> };
  beforeAll(async () => {
    on.wechat = await startWechatV2Double({
      appId: 'wx3131313131313131',
      merchantId: merchant,
      apiKey,
      merchantCert: openP12(cert, merchant).cert,
    });
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const caFile = join(mkdtempSync(join(tmpdir(), 'wallet-ca-')), 'ca.pem');
    writeFileSync(caFile, on.wechat.ca);
    Object.assign(process.env, {
      WECHATPAY_BASE_URL: on.wechat.url,
      PAYMENT_CA_FILE: caFile,
      PAYMENT_TIMEOUT_MS: '1000',
      PAYMENT_NOTIFY_URL: 'https://console.example.com/',
    });
    await t.ok(
      'payment.save',
      {
        body: {
          wechat: {
            type: 'regular',
            merchantId: merchant,
            publicAppId: 'wx3131313131313131',
            miniAppId: 'wx3131313131313132',
            merchantKey: apiKey,
            p12: cert,
            publicSecret: 'PubSecret2026WLLT',
            miniSecret: 'MiniSecret2026WLT',
          },
        },
      },
      t.token.tenant1,
    );
    // Signed in by the sandbox's WeChat first: with the sandboxes off the sign-in would ask WeChat itself.
    on.session = await memberSession(t, t.ids.tenant('A'));
    setSandboxes(false);
  });
  afterAll(async () => {
    setSandboxes(true);
    process.env = saved;
    await on.wechat.close();
  });
  return on;
}
