/**
 * Statements that never pay twice: a draft
 * computed before a rule changed or a point changed hands is marked stale
 * and is not issued with its old figures (981) until the month is closed
 * again; an issued statement owns its device-days, so a later close never
 * pays them to another party of its kind — and, after the steps, every
 * device-day's sales are counted once per party kind and the statements'
 * lines sum to the sales.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { shareLineDays, shareLines, sharePointHosts, shareStatements } from '../../../server/share/schema.js';
import { suiteApp } from '../helpers.js';
import { PEOPLES_SQUARE, percent, shareWorld } from './support.js';

const t = suiteApp(['tenant1']);
const w = shareWorld(t);
const issue = (id: number) => t.call('share.issue', { params: { id } }, t.token.tenant1);

/** Per device-day of tenant A's host statements of a month: how many statements count it, and the sales of each. */
async function countedDays(month: string) {
  return t.db
    .select({
      deviceId: shareLineDays.deviceId,
      day: shareLineDays.day,
      times: sql<number>`count(*)::int`,
      sales: sql<number>`sum(${shareLineDays.sales})::float8`,
    })
    .from(shareLineDays)
    .innerJoin(shareLines, eq(shareLines.id, shareLineDays.lineId))
    .innerJoin(shareStatements, eq(shareStatements.id, shareLines.statementId))
    .where(
      and(
        eq(shareStatements.tenantId, t.ids.tenant('A')),
        eq(shareStatements.month, `${month}-01`),
        eq(shareStatements.party, 'host'),
      ),
    )
    .groupBy(shareLineDays.deviceId, shareLineDays.day)
    .orderBy(shareLineDays.day);
}

describe('a draft computed before its inputs changed', () => {
  it('is marked stale, refused on issue (981) until closed again; then every device-day is paid once', async () => {
    const shentong = await w.host(['peoplesSquare'], '2024-06-01');
    const deji = await w.host([], '2024-06-01');
    await w.rule({ hostId: shentong.id }, '2024-06', percent(1_000));
    await w.rule({ hostId: deji.id }, '2024-06', percent(500));
    await w.day(PEOPLES_SQUARE[0], '2024-06-10', 100_000);
    await w.day(PEOPLES_SQUARE[0], '2024-06-20', 200_000);
    await w.close('2024-06');
    const draft = await w.statementOf('2024-06', shentong.name);
    expect(draft).toMatchObject({ net: 300_000, share: 30_000, stale: false });

    // A new version of the host's rule for the month, and the point moved to another host from the 16th.
    await w.rule({ hostId: shentong.id }, '2024-06', percent(600));
    expect((await w.statementOf('2024-06', shentong.name)).stale).toBe(true);
    await t.ok(
      'share.assign',
      { body: { pointIds: [t.ids.point('peoplesSquare')], hostId: deji.id, fromDay: '2024-06-16' } },
      t.token.tenant1,
    );
    // Issued unchanged at the old figures before: now refused, and still a draft.
    const refused = await Promise.all([issue(draft.id), issue(draft.id)]);
    expect(refused.map((r) => r.body.code)).toEqual([CODE.shareStatementStale, CODE.shareStatementStale]);
    expect(await w.statementOf('2024-06', shentong.name)).toMatchObject({ state: 'draft', stale: true, share: 30_000 });

    await w.close('2024-06');
    const fresh = await w.statementOf('2024-06', shentong.name);
    expect(fresh).toMatchObject({ net: 100_000, share: 6_000, stale: false });
    expect(await w.statementOf('2024-06', deji.name)).toMatchObject({ net: 200_000, share: 10_000, stale: false });
    expect((await issue(fresh.id)).body.code).toBe(CODE.ok);
    await w.close('2024-06');
    expect(await countedDays('2024-06')).toEqual([
      { deviceId: t.ids.device(PEOPLES_SQUARE[0]), day: '2024-06-10', times: 1, sales: 100_000 },
      { deviceId: t.ids.device(PEOPLES_SQUARE[0]), day: '2024-06-20', times: 1, sales: 200_000 },
    ]);
  });

  it('a draft whose rule change computes to the same figures is issued, and the close clears its mark', async () => {
    const host = await w.host(['peoplesSquare'], '2024-08-01');
    await w.rule({ hostId: host.id }, '2024-08', percent(1_000));
    await w.day(PEOPLES_SQUARE[1], '2024-08-03', 50_000);
    await w.close('2024-08');
    // The same terms again: the writer marks the draft; the close finds its digest unchanged and clears the mark.
    await w.rule({ hostId: host.id }, '2024-08', percent(1_000));
    expect((await w.statementOf('2024-08', host.name)).stale).toBe(true);
    expect(await w.close('2024-08')).toMatchObject({ written: 0 });
    expect((await w.statementOf('2024-08', host.name)).stale).toBe(false);
    // Marked again, then issued: the issue computes it again and finds it current.
    await w.rule({ hostId: host.id }, '2024-08', percent(1_000));
    const draft = await w.statementOf('2024-08', host.name);
    expect(draft.stale).toBe(true);
    expect((await issue(draft.id)).body.code).toBe(CODE.ok);
    expect(await w.statementOf('2024-08', host.name)).toMatchObject({ state: 'issued', stale: false });
  });
});

describe('an issued statement owns its device-days', () => {
  it('a point moved behind the API (973 refuses it through it) is not paid to its new host for those days', async () => {
    const first = await w.host(['peoplesSquare'], '2024-10-01');
    const second = await w.host([], '2024-10-01');
    await w.rule({ hostId: first.id }, '2024-10', percent(1_000));
    await w.rule({ hostId: second.id }, '2024-10', percent(1_000));
    await w.day(PEOPLES_SQUARE[0], '2024-10-05', 40_000);
    await w.day(PEOPLES_SQUARE[0], '2024-10-25', 60_000);
    await w.close('2024-10');
    const issued = await w.statementOf('2024-10', first.name);
    expect((await issue(issued.id)).body.code).toBe(CODE.ok);
    const move = { pointIds: [t.ids.point('peoplesSquare')], hostId: second.id, fromDay: '2024-10-16' };
    expect((await t.call('share.assign', { body: move }, t.token.tenant1)).body.code).toBe(CODE.shareMonthStated);
    await t.db.insert(sharePointHosts).values({
      tenantId: t.ids.tenant('A'),
      pointId: t.ids.point('peoplesSquare'),
      hostId: second.id,
      fromDay: '2024-10-16',
    });
    await w.close('2024-10');
    expect((await w.statements('2024-10')).find((s) => s.partyName === second.name)?.net ?? 0).toBe(0);
    expect((await countedDays('2024-10')).map((d) => d.times)).toEqual([1, 1]);
    expect(await w.statementOf('2024-10', first.name)).toMatchObject({ state: 'issued', net: 100_000 });
  });
});
