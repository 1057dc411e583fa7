/** Share rules in monthly versions: set, replaced within a month, listed as a timeline, deleted while not stated; scope. */
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { suiteApp } from '../helpers.js';
import { percent, shareWorld } from './support.js';

const t = suiteApp(['tenant1', 'tenant11', 'tenant2']);
const w = shareWorld(t);

describe('share.ruleSet', () => {
  it('sets a version from a month; the same month again replaces it', async () => {
    const host = await w.host([], '2024-01-01');
    const first = await w.rule({ hostId: host.id }, '2024-05', percent(500));
    expect(first).toMatchObject({ subject: 'host', subjectName: host.name, fromMonth: '2024-05', kind: 'percent' });
    const again = await w.rule({ hostId: host.id }, '2024-05', { kind: 'rent', rent: 90_000 });
    expect(again).toMatchObject({ id: first.id, kind: 'rent', rent: 90_000, tiers: [] });
  });

  it("refuses a subject the caller does not pay: another tenant's point, its own parent's rule for itself", async () => {
    expect(
      await t.code(
        'share.ruleSet',
        { body: { pointId: t.ids.point('tianhe'), fromMonth: '2024-05', terms: percent(1) } },
        t.token.tenant1,
      ),
    ).toBe(CODE.shareSubjectNotFound);
    expect(
      await t.code(
        'share.ruleSet',
        { body: { subTenantId: t.ids.tenant('A1'), fromMonth: '2024-05', terms: percent(1) } },
        t.token.tenant11,
      ),
    ).toBe(CODE.shareSubjectNotFound);
  });

  it('refuses two subjects at once, tiers that fall, a month that is no month', async () => {
    const host = await w.host([], '2024-01-01');
    const two = await t.call(
      'share.ruleSet',
      { body: { hostId: host.id, pointId: t.ids.point('hongqiao'), fromMonth: '2024-05', terms: percent(1) } },
      t.token.tenant1,
    );
    expect(two.body.code).toBe(400);
    const falling = await t.call(
      'share.ruleSet',
      {
        body: {
          hostId: host.id,
          fromMonth: '2024-05',
          terms: {
            kind: 'percent',
            tiers: [
              { upTo: 500, rate: 1 },
              { upTo: 400, rate: 2 },
              { upTo: null, rate: 3 },
            ],
          },
        },
      },
      t.token.tenant1,
    );
    expect(falling.body.code).toBe(400);
    expect(JSON.stringify(falling.body)).toContain('share.validation.tiersRise');
    expect(
      (
        await t.call(
          'share.ruleSet',
          { body: { hostId: host.id, fromMonth: '2024-13', terms: percent(1) } },
          t.token.tenant1,
        )
      ).body.code,
    ).toBe(400);
  });
});

describe('share.rulePage', () => {
  it("lists a subject's versions latest first: its timeline; another tenant sees none of them", async () => {
    const host = await w.host([], '2024-01-01');
    await w.rule({ hostId: host.id }, '2024-01', percent(300));
    await w.rule({ hostId: host.id }, '2024-06', percent(400));
    const timeline = await t.ok(
      'share.rulePage',
      { query: { pageNum: 1, pageSize: 10 }, body: { hostId: host.id } },
      t.token.tenant1,
    );
    expect(timeline.list.map((r) => [r.fromMonth, r.tiers[0]!.rate, r.createdBy])).toEqual([
      ['2024-06', 400, 'tenant1'],
      ['2024-01', 300, 'tenant1'],
    ]);
    const theirs = await t.ok('share.rulePage', { query: { pageNum: 1, pageSize: 100 }, body: {} }, t.token.tenant2);
    expect(theirs.list.some((r) => r.tenantId === t.ids.tenant('A'))).toBe(false);
    expect(
      await t.code(
        'share.rulePage',
        { query: { pageNum: 1, pageSize: 10 }, body: { hostId: host.id } },
        t.token.tenant2,
      ),
    ).toBe(CODE.shareSubjectNotFound);
  });
});

describe('share.ruleDelete', () => {
  it('deletes a version not stated: the one before applies again; a stated month is refused', async () => {
    const host = await w.host(['hangzhouEast'], '2024-08-01');
    await w.rule({ hostId: host.id }, '2024-08', percent(1_000));
    const later = await w.rule({ hostId: host.id }, '2024-09', percent(2_000));
    expect(await t.ok('share.ruleDelete', { params: { id: later.id } }, t.token.tenant1)).toEqual({ deleted: true });
    await w.day('VM2026000106', '2024-09-01', 10_000);
    await w.close('2024-09');
    const [s] = (await w.statements('2024-09')).filter((x) => x.partyName === host.name);
    expect(s!.share).toBe(1_000);
    await t.ok('share.issue', { params: { id: s!.id } }, t.token.tenant1);
    const august = (
      await t.ok('share.rulePage', { query: { pageNum: 1, pageSize: 10 }, body: { hostId: host.id } }, t.token.tenant1)
    ).list[0]!;
    expect(await t.code('share.ruleDelete', { params: { id: august.id } }, t.token.tenant1)).toBe(
      CODE.shareMonthStated,
    );
    expect(await t.code('share.ruleDelete', { params: { id: august.id } }, t.token.tenant2)).toBe(
      CODE.shareRuleNotFound,
    );
  });
});
