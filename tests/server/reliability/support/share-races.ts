/**
 * The revenue shares' race scenarios (races.test.ts): a host name taken once
 * under N creations; one rule version per subject and month under N sets;
 * a month's close asked and run N times at once coming out as one set of
 * statements; a statement issued once under N issues.
 */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { CODE } from '../../../../shared/domains.js';
import { salesRollups } from '../../../../server/order/index.js';
import { closeMonth } from '../../../../server/share/index.js';
import { shareCloses, shareHosts, shareRules, shareStatements } from '../../../../server/share/schema.js';
import type { Answer, TestApp } from '../../helpers.js';

type Check = (answers: Answer[], allowed: readonly number[]) => void;
type App = () => { t: TestApp; tenant: string; n: number; clean: Check };
const succeeded = (a: Answer) => a.status === 200 && a.body?.code === CODE.ok;

let round = 0;
let months = 0;
/** A month of 2023 no other scenario uses, and a host of tenant A holding Hongqiao in it with a rule. */
async function monthWithHost(t: TestApp, tenant: string) {
  const month = `2023-${String(++months).padStart(2, '0')}`;
  const host = await t.ok('share.hostCreate', { body: { name: `竞态场地方${months}` } }, tenant);
  await t.ok(
    'share.assign',
    { body: { pointIds: [t.ids.point('hongqiao')], hostId: host.id, fromDay: `${month}-01` } },
    tenant,
  );
  await t.ok(
    'share.ruleSet',
    { body: { hostId: host.id, fromMonth: month, terms: { kind: 'rent', rent: 10_000 } } },
    tenant,
  );
  await t.db
    .insert(salesRollups)
    .values({
      tenantId: t.ids.tenant('A'),
      grain: 'day',
      bucket: `${month}-02 00:00:00`,
      deviceId: t.ids.device('VM2026000101'),
      productId: 0,
      orders: 1,
      sales: 5_000,
    })
    .onConflictDoNothing();
  return { month, host };
}

export function shareRaces(app: App) {
  return {
    'share.hostCreate': async () => {
      const { t, tenant, n, clean } = app();
      const name = `同时新建的场地方${++round}`;
      const answers = await Promise.all(
        Array.from({ length: n }, () => t.call('share.hostCreate', { body: { name } }, tenant)),
      );
      clean(answers, [CODE.shareHostNameTaken]);
      expect(answers.filter(succeeded)).toHaveLength(1);
      expect(await t.db.select().from(shareHosts).where(eq(shareHosts.name, name))).toHaveLength(1);
    },

    'share.ruleSet': async () => {
      const { t, tenant, n, clean } = app();
      const host = await t.ok('share.hostCreate', { body: { name: `规则竞态${++round}` } }, tenant);
      // N versions of one month at once, each a different rate: one row stands, with one of them.
      const answers = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          t.call(
            'share.ruleSet',
            {
              body: {
                hostId: host.id,
                fromMonth: '2030-01',
                terms: { kind: 'percent', tiers: [{ upTo: null, rate: 100 + i }] },
              },
            },
            tenant,
          ),
        ),
      );
      clean(answers, []);
      const rows = await t.db
        .select({ tiers: shareRules.tiers })
        .from(shareRules)
        .where(and(eq(shareRules.subject, 'host'), eq(shareRules.subjectId, host.id)));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.tiers[0]!.rate).toBeGreaterThanOrEqual(100);
    },

    'share.close': async () => {
      const { t, tenant, n, clean } = app();
      const { month } = await monthWithHost(t, tenant);
      const answers = await Promise.all(
        Array.from({ length: n }, () => t.call('share.close', { body: { month } }, tenant)),
      );
      clean(answers, []);
      expect(
        await t.db
          .select()
          .from(shareCloses)
          .where(and(eq(shareCloses.tenantId, t.ids.tenant('A')), eq(shareCloses.month, `${month}-01`))),
      ).toHaveLength(1);
      // The close itself N times at once (the jobs of N instances): one statement per party, the same figures.
      await Promise.all(Array.from({ length: n }, () => closeMonth(t.db, t.ids.tenant('A'), month)));
      const statements = await t.db
        .select({ party: shareStatements.party, partyId: shareStatements.partyId, share: shareStatements.share })
        .from(shareStatements)
        .where(and(eq(shareStatements.tenantId, t.ids.tenant('A')), eq(shareStatements.month, `${month}-01`)));
      const parties = statements.map((s) => `${s.party}:${s.partyId}`);
      expect(new Set(parties).size).toBe(parties.length);
    },

    'share.issue': async () => {
      const { t, tenant, n, clean } = app();
      const { month, host } = await monthWithHost(t, tenant);
      await closeMonth(t.db, t.ids.tenant('A'), month);
      const [draft] = await t.db
        .select({ id: shareStatements.id })
        .from(shareStatements)
        .where(and(eq(shareStatements.party, 'host'), eq(shareStatements.partyId, host.id)));
      const answers = await Promise.all(
        Array.from({ length: n }, () => t.call('share.issue', { params: { id: draft!.id } }, tenant)),
      );
      clean(answers, [CODE.shareStatementState]);
      expect(answers.filter(succeeded)).toHaveLength(1);
    },
  };
}
