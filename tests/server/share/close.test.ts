/**
 * The month's close (server/share/close.ts) against months computed by
 * hand: each rule kind and tiers, a rate changed from next month, a refund
 * of last month's sale, a point changing host mid-month, rounding to the
 * fen, an issued statement left alone and corrected by an adjustment next
 * month, and a second close that writes nothing.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { shareLineDays, shareLines, shareStatements } from '../../../server/share/schema.js';
import { suiteApp } from '../helpers.js';
import { HONGQIAO, PEOPLES_SQUARE, XINGHAI, percent, shareWorld } from './support.js';

const t = suiteApp(['tenant1', 'tenant11']);
const w = shareWorld(t);

describe('closing a month', () => {
  it("a host's rule applies to the net of the days its points' machines sold, tiers by the month's bounds", async () => {
    const host = await w.host(['hongqiao'], '2025-01-01');
    await w.rule({ hostId: host.id }, '2025-01', {
      kind: 'percent',
      tiers: [
        { upTo: 2_000_000, rate: 500 },
        { upTo: null, rate: 700 },
      ],
    });
    // ¥18 000 + ¥14 000 sold, ¥2 000 refunded: net ¥30 000 → 5 % of 20 000 + 7 % of 10 000 = ¥1 700.
    await w.day(HONGQIAO[0], '2025-01-03', 1_800_000);
    await w.day(HONGQIAO[1], '2025-01-20', 1_400_000, 200_000);
    // Another point's machine, not the host's.
    await w.day(PEOPLES_SQUARE[0], '2025-01-03', 999_900);
    await w.close('2025-01');
    const s = await w.statementOf('2025-01', host.name);
    expect(s).toMatchObject({
      state: 'draft',
      sales: 3_200_000,
      refunds: 200_000,
      net: 3_000_000,
      share: 170_000,
      total: 170_000,
    });
    expect(s.lines).toHaveLength(1);
    expect(s.lines[0]).toMatchObject({
      subject: 'host',
      kind: 'percent',
      days: 31,
      fromDay: '2025-01-01',
      toDay: '2025-01-31',
    });
    // The line traces to its days and devices.
    const days = await t.ok(
      'share.statementDays',
      { params: { id: s.id }, query: { pageNum: 1, pageSize: 10 }, body: {} },
      t.token.tenant1,
    );
    expect(days.list.map((d) => [d.day, d.deviceId, d.sales, d.refunds])).toEqual([
      ['2025-01-03', t.ids.device(HONGQIAO[0]), 1_800_000, 0],
      ['2025-01-20', t.ids.device(HONGQIAO[1]), 1_400_000, 200_000],
    ]);
  });

  it("a rent, and the greater of rent and percentage; a point's own rule before its host's", async () => {
    const host = await w.host(['hongqiao', 'peoplesSquare'], '2025-12-01');
    await w.rule({ hostId: host.id }, '2025-12', {
      kind: 'greater',
      tiers: [{ upTo: null, rate: 800 }],
      rent: 150_000,
    });
    await w.rule({ pointId: t.ids.point('peoplesSquare') }, '2025-12', { kind: 'rent', rent: 80_000 });
    // Hongqiao: 8 % of ¥10 000 is ¥800, under the ¥1 500 minimum; People's Square pays its rent of ¥800.
    await w.day(HONGQIAO[0], '2025-12-10', 1_000_000);
    await w.day(PEOPLES_SQUARE[1], '2025-12-11', 5_000_000);
    await w.close('2025-12');
    const s = await w.statementOf('2025-12', host.name);
    expect(s.lines.map((l) => [l.subject, l.kind, l.net, l.share, l.by])).toEqual([
      ['point', 'rent', 5_000_000, 80_000, 'rent'],
      ['host', 'greater', 1_000_000, 150_000, 'rent'],
    ]);
    expect(s.total).toBe(230_000);
  });

  it('a new rate from next month leaves this month as it was', async () => {
    const host = await w.host(['hongqiao'], '2025-03-01');
    await w.rule({ hostId: host.id }, '2025-03', percent(500));
    await w.day(HONGQIAO[0], '2025-03-05', 100_000);
    await w.day(HONGQIAO[0], '2025-04-05', 100_000);
    await w.rule({ hostId: host.id }, '2025-04', percent(1_000));
    await w.close('2025-03');
    await w.close('2025-04');
    expect((await w.statementOf('2025-03', host.name)).share).toBe(5_000);
    expect((await w.statementOf('2025-04', host.name)).share).toBe(10_000);
  });

  it("a refund of last month's sale lowers this month, and last month's issued statement stays as issued", async () => {
    const host = await w.host(['peoplesSquare'], '2025-05-01');
    await w.rule({ hostId: host.id }, '2025-05', percent(1_000));
    await w.day(PEOPLES_SQUARE[0], '2025-05-30', 300_000);
    await w.close('2025-05');
    const may = await w.statementOf('2025-05', host.name);
    expect(may.share).toBe(30_000);
    await t.ok('share.issue', { params: { id: may.id } }, t.token.tenant1);
    // The sale of 30 May refunded on 2 June: June's rollup carries it.
    await w.day(PEOPLES_SQUARE[0], '2025-06-02', 50_000, 300_000);
    await w.close('2025-05');
    await w.close('2025-06');
    expect(await w.statementOf('2025-05', host.name)).toMatchObject({ state: 'issued', share: 30_000, refunds: 0 });
    expect(await w.statementOf('2025-06', host.name)).toMatchObject({ net: -250_000, share: -25_000 });
  });

  it('a point changing host mid-month splits by day, each with its days of the rent', async () => {
    const before = await w.host(['hangzhouEast'], '2025-07-01');
    const after = await w.host(['hangzhouEast'], '2025-07-16');
    await w.rule({ pointId: t.ids.point('hangzhouEast') }, '2025-07', {
      kind: 'greater',
      tiers: [{ upTo: null, rate: 1_000 }],
      rent: 31_000,
    });
    await w.day('VM2026000106', '2025-07-15', 100_000);
    await w.day('VM2026000106', '2025-07-16', 500_000);
    await w.close('2025-07');
    const a = await w.statementOf('2025-07', before.name);
    const b = await w.statementOf('2025-07', after.name);
    // 15 days of ¥310 rent is ¥150 against 10 % of ¥1 000 = ¥100; then 16 days, ¥160 against ¥500.
    expect(a.lines.map((l) => [l.fromDay, l.toDay, l.days, l.net, l.share, l.by])).toEqual([
      ['2025-07-01', '2025-07-15', 15, 100_000, 15_000, 'rent'],
    ]);
    expect(b.lines.map((l) => [l.fromDay, l.toDay, l.days, l.net, l.share, l.by])).toEqual([
      ['2025-07-16', '2025-07-31', 16, 500_000, 50_000, 'percent'],
    ]);
  });

  it('each line rounds once, half away from zero, and the statement is the sum of its lines to the fen', async () => {
    const host = await w.host(['hongqiao', 'peoplesSquare', 'hangzhouEast'], '2026-01-01');
    // 3.33 % of 15 fen is 0.4995 → 0; of 45 fen 1.4985 → 1; of 1 515 fen 50.4495 → 50.
    for (const key of ['hongqiao', 'peoplesSquare', 'hangzhouEast'] as const)
      await w.rule({ pointId: t.ids.point(key) }, '2026-01', percent(333));
    await w.day(HONGQIAO[0], '2026-01-01', 15);
    await w.day(PEOPLES_SQUARE[0], '2026-01-01', 45);
    await w.day('VM2026000106', '2026-01-01', 1_515);
    await w.close('2026-01');
    const s = await w.statementOf('2026-01', host.name);
    expect(s.lines.map((l) => l.share).sort((x, y) => x - y)).toEqual([0, 1, 50]);
    expect(s.share).toBe(51);
    expect(s.total).toBe(s.lines.reduce((sum, l) => sum + l.share, 0));
  });

  it('an issued statement never changes: an adjustment of its month is refused, the next month takes it', async () => {
    const host = await w.host(['hongqiao'], '2025-09-01');
    await w.rule({ hostId: host.id }, '2025-09', percent(500));
    await w.day(HONGQIAO[1], '2025-09-09', 200_000);
    await w.close('2025-09');
    const sept = await w.statementOf('2025-09', host.name);
    await t.ok('share.issue', { params: { id: sept.id } }, t.token.tenant1);
    const adjust = (month: string) =>
      t.call(
        'share.adjust',
        { body: { hostId: host.id, month, amount: -1_200, reason: '九月多计更正' } },
        t.token.tenant1,
      );
    expect((await adjust('2025-09')).body.code).toBe(CODE.shareMonthStated);
    // Neither a rule nor the host's points may change in an issued month.
    expect(
      await t.code(
        'share.ruleSet',
        { body: { hostId: host.id, fromMonth: '2025-09', terms: percent(600) } },
        t.token.tenant1,
      ),
    ).toBe(CODE.shareMonthStated);
    expect(
      await t.code(
        'share.assign',
        { body: { pointIds: [t.ids.point('hongqiao')], hostId: null, fromDay: '2025-09-20' } },
        t.token.tenant1,
      ),
    ).toBe(CODE.shareMonthStated);
    expect((await adjust('2025-10')).body.code).toBe(200);
    await w.day(HONGQIAO[1], '2025-10-09', 200_000);
    await w.close('2025-09');
    await w.close('2025-10');
    expect(await w.statementOf('2025-09', host.name)).toMatchObject({ state: 'issued', total: 10_000 });
    const oct = await w.statementOf('2025-10', host.name);
    expect(oct).toMatchObject({ share: 10_000, adjustments: -1_200, total: 8_800 });
    expect(oct.adjustmentList).toMatchObject([{ amount: -1_200, reason: '九月多计更正', createdBy: 'tenant1' }]);
  });

  it('a second close of the same month writes nothing', async () => {
    const host = await w.host(['peoplesSquare'], '2025-11-01');
    await w.rule({ hostId: host.id }, '2025-11', percent(700));
    await w.rule({ subTenantId: t.ids.tenant('A1') }, '2025-11', percent(8_500));
    await w.day(PEOPLES_SQUARE[1], '2025-11-11', 123_456);
    await w.day(XINGHAI[0], '2025-11-11', 10_000, 0, 'A1');
    expect((await w.close('2025-11')).written).toBeGreaterThanOrEqual(2);
    const snapshot = async () => ({
      statements: await t.db.select().from(shareStatements).where(eq(shareStatements.month, '2025-11-01')),
      lines: await t.db.select().from(shareLines),
      days: (await t.db.select().from(shareLineDays)).length,
    });
    const first = await snapshot();
    expect(await w.close('2025-11')).toMatchObject({ written: 0 });
    expect(await snapshot()).toEqual(first);
    // The second-level tenant's line: 85 % of its machines' ¥100.
    expect((await w.statementOf('2025-11', '苏州地铁零售有限公司')).share).toBe(8_500);
  });
});
