/**
 * A group's members and the claim flow: identifiers imported beforehand wait
 * inactive until a person signs in holding one; a real-time group takes
 * people as they state theirs; reviews, disabling; erasure takes the claim.
 */
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { sandboxCode } from '../../../server/member/index.js';
import { suiteApp } from '../helpers.js';
import { provePhone } from '../member/support.js';

const t = suiteApp(['tenant1', 'tenant2']);
const A = () => t.ids.tenant('A');
let made = 0;
async function group(body: object = {}) {
  return t.ok(
    'group.create',
    {
      body: {
        name: `认领测试${process.pid}-${++made}`,
        definition: '认领测试',
        identifier: 'phone',
        importMethod: 'preImport',
        ...body,
      } as never,
    },
    t.token.tenant1,
  );
}
const rows = async (id: number) =>
  (await t.ok('group.members', { params: { id }, query: { pageSize: 200 }, body: {} }, t.token.tenant1)).list;
async function person(tenantId = A()) {
  const answer = await t.ok('member.signIn', {
    body: { tenantId, code: sandboxCode(`claim-${process.pid}-${++made}`) },
  });
  return { id: answer.member.id, token: answer.token, cardNumber: answer.member.cardNumber };
}

describe('group.addMembers', () => {
  it('adds identifiers inactive, leaves a repeat as it is, refuses a bad one at its position and adds nothing then', async () => {
    const g = await group();
    expect(
      await t.ok(
        'group.addMembers',
        { params: { id: g.id }, body: { identifiers: ['13761208801', '13761208802', '13761208801'] } },
        t.token.tenant1,
      ),
    ).toEqual({ added: 2, unchanged: 1, claimed: 0 });
    expect(
      await t.ok('group.addMembers', { params: { id: g.id }, body: { identifiers: ['13761208802'] } }, t.token.tenant1),
    ).toEqual({ added: 0, unchanged: 1, claimed: 0 });
    const bad = await t.call(
      'group.addMembers',
      { params: { id: g.id }, body: { identifiers: ['13761208803', '12345'] } },
      t.token.tenant1,
    );
    expect(bad.body.content.fields).toEqual({ 'identifiers.1': 'validation.phone' });
    expect((await rows(g.id)).map((r) => [r.identifier, r.state]).sort()).toEqual([
      ['13761208801', 'inactive'],
      ['13761208802', 'inactive'],
    ]);
    const realTime = await group({ importMethod: 'realTime' });
    expect(
      await t.code(
        'group.addMembers',
        { params: { id: realTime.id }, body: { identifiers: ['13761208801'] } },
        t.token.tenant1,
      ),
    ).toBe(CODE.groupNotPreImport);
  });

  it('claims at once an identifier a member already holds', async () => {
    const p = await person();
    await provePhone(t, p.token, '13761208811');
    const g = await group({ review: true });
    expect(
      await t.ok('group.addMembers', { params: { id: g.id }, body: { identifiers: ['13761208811'] } }, t.token.tenant1),
    ).toEqual({ added: 1, unchanged: 0, claimed: 1 });
    expect((await rows(g.id))[0]).toMatchObject({ state: 'pending', memberId: p.id });
  });

  it("claims only what a live member of the group's own tenant holds", async () => {
    const mine = await person();
    const theirs = await person(t.ids.tenant('B'));
    const gone = await person();
    await provePhone(t, gone.token, '13761208821');
    await t.ok('member.erase', { params: { id: gone.id } }, t.token.tenant1);
    const byCard = await group({ identifier: 'cardNumber' });
    expect(
      await t.ok(
        'group.addMembers',
        { params: { id: byCard.id }, body: { identifiers: [mine.cardNumber, theirs.cardNumber] } },
        t.token.tenant1,
      ),
    ).toEqual({ added: 2, unchanged: 0, claimed: 1 });
    expect((await rows(byCard.id)).map((r) => [r.identifier, r.state, r.memberId]).sort()).toEqual(
      [
        [mine.cardNumber, 'activated', mine.id],
        [theirs.cardNumber, 'inactive', null],
      ].sort(),
    );
    const byPhone = await group();
    expect(
      await t.ok(
        'group.addMembers',
        { params: { id: byPhone.id }, body: { identifiers: ['13761208821'] } },
        t.token.tenant1,
      ),
    ).toEqual({ added: 1, unchanged: 0, claimed: 0 });
  });
});

describe('the claim flow', () => {
  it('an imported phone becomes the member’s when they state it: activated, or pending where the group reviews', async () => {
    const plain = await group();
    const reviewed = await group({ review: true });
    for (const g of [plain, reviewed])
      await t.ok('group.addMembers', { params: { id: g.id }, body: { identifiers: ['13761208821'] } }, t.token.tenant1);
    const p = await person();
    await provePhone(t, p.token, '13761208821');
    expect((await rows(plain.id))[0]).toMatchObject({
      state: 'activated',
      memberId: p.id,
      claimedAt: expect.any(String),
    });
    expect((await rows(reviewed.id))[0]).toMatchObject({ state: 'pending', memberId: p.id });
    expect((await t.ok('group.info', { params: { id: plain.id } }, t.token.tenant1)).size).toBe(1);
    // Another tenant's person with the same phone claims nothing here.
    const foreign = await person(t.ids.tenant('B'));
    const again = await group();
    await t.ok(
      'group.addMembers',
      { params: { id: again.id }, body: { identifiers: ['13761208822'] } },
      t.token.tenant1,
    );
    await provePhone(t, foreign.token, '13761208822');
    expect((await rows(again.id))[0]).toMatchObject({ state: 'inactive', memberId: null });
  });

  it('a real-time group takes people as they state their employee number, or sign in with their card', async () => {
    const byNumber = await group({ identifier: 'employeeNumber', importMethod: 'realTime', review: true });
    const byCard = await group({ identifier: 'cardNumber', importMethod: 'realTime' });
    const p = await person();
    expect((await rows(byCard.id)).map((r) => [r.identifier, r.state, r.memberId])).toEqual([
      [p.cardNumber, 'activated', p.id],
    ]);
    await t.ok('member.updateMe', { body: { employeeNumber: 'PD-0042' } }, p.token);
    expect((await rows(byNumber.id)).map((r) => [r.identifier, r.state])).toEqual([['PD-0042', 'pending']]);
    // Said again, nothing changes.
    await t.ok('member.updateMe', { body: { employeeNumber: 'PD-0042' } }, p.token);
    expect(await rows(byNumber.id)).toHaveLength(1);
  });

  it('a disabled group takes no claims', async () => {
    const g = await group();
    await t.ok('group.addMembers', { params: { id: g.id }, body: { identifiers: ['13761208831'] } }, t.token.tenant1);
    await t.ok('group.setState', { params: { id: g.id }, body: { state: 'disabled' } }, t.token.tenant1);
    const p = await person();
    await provePhone(t, p.token, '13761208831');
    expect((await rows(g.id))[0]).toMatchObject({ state: 'inactive', memberId: null });
  });

  it("an erased member's claim goes with them", async () => {
    const g = await group();
    await t.ok('group.addMembers', { params: { id: g.id }, body: { identifiers: ['13761208841'] } }, t.token.tenant1);
    const p = await person();
    await provePhone(t, p.token, '13761208841');
    await t.ok('member.erase', { params: { id: p.id } }, t.token.tenant1);
    expect(await rows(g.id)).toEqual([]);
  });
});

describe('group.members', () => {
  it("filters a group's members by state and by identifier; 3402 for another tenant's group", async () => {
    const g = await group();
    await t.ok(
      'group.addMembers',
      { params: { id: g.id }, body: { identifiers: ['13761208851', '13761208852'] } },
      t.token.tenant1,
    );
    const found = await t.ok(
      'group.members',
      { params: { id: g.id }, query: {}, body: { keyword: '8852' } },
      t.token.tenant1,
    );
    expect(found.list.map((r) => r.identifier)).toEqual(['13761208852']);
    const none = await t.ok(
      'group.members',
      { params: { id: g.id }, query: {}, body: { state: 'activated' } },
      t.token.tenant1,
    );
    expect(none.total).toBe(0);
    expect(await t.code('group.members', { params: { id: g.id }, query: {}, body: {} }, t.token.tenant2)).toBe(
      CODE.groupNotFound,
    );
  });
});

describe('group.decide', () => {
  it('approves and rejects pending claims, disables and enables, all or none, with who and when', async () => {
    const g = await group({ review: true });
    await t.ok(
      'group.addMembers',
      { params: { id: g.id }, body: { identifiers: ['13761208861', '13761208862', '13761208863'] } },
      t.token.tenant1,
    );
    for (const phone of ['13761208861', '13761208862']) {
      const p = await person();
      await provePhone(t, p.token, phone);
    }
    const byPhone = async () => new Map((await rows(g.id)).map((r) => [r.identifier, r]));
    let now = await byPhone();
    const [one, two, waiting] = ['13761208861', '13761208862', '13761208863'].map((p) => now.get(p)!);
    // An inactive one cannot be approved: nothing changes.
    expect(
      await t.code(
        'group.decide',
        { params: { id: g.id }, body: { ids: [one!.id, waiting!.id], action: 'approve' } },
        t.token.tenant1,
      ),
    ).toBe(CODE.groupMemberState);
    await t.ok('group.decide', { params: { id: g.id }, body: { ids: [one!.id], action: 'approve' } }, t.token.tenant1);
    await t.ok('group.decide', { params: { id: g.id }, body: { ids: [two!.id], action: 'reject' } }, t.token.tenant1);
    now = await byPhone();
    expect(now.get('13761208861')).toMatchObject({ state: 'activated', decidedBy: '华东智售科技有限公司' });
    expect(now.get('13761208862')!.state).toBe('disabled');
    expect(now.get('13761208863')!.state).toBe('inactive');
    await t.ok(
      'group.decide',
      { params: { id: g.id }, body: { ids: [one!.id, waiting!.id], action: 'disable' } },
      t.token.tenant1,
    );
    await t.ok(
      'group.decide',
      { params: { id: g.id }, body: { ids: [one!.id, waiting!.id], action: 'enable' } },
      t.token.tenant1,
    );
    now = await byPhone();
    // Enabled again: a claimed one counts, a never-claimed one waits.
    expect([now.get('13761208861')!.state, now.get('13761208863')!.state]).toEqual(['activated', 'inactive']);
    // Another group's member is not this group's.
    const other = await group();
    await t.ok(
      'group.addMembers',
      { params: { id: other.id }, body: { identifiers: ['13761208864'] } },
      t.token.tenant1,
    );
    const foreignRow = (await rows(other.id))[0]!;
    expect(
      await t.code(
        'group.decide',
        { params: { id: g.id }, body: { ids: [foreignRow.id], action: 'disable' } },
        t.token.tenant1,
      ),
    ).toBe(CODE.groupMemberNotFound);
  });
});
