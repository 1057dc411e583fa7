/**
 * Rollouts: who can take a package and why not; stages, the rate and the
 * concurrency caps, the maintenance window, back-off and the abort
 * threshold, driven with an explicit clock (advanceRollouts); the device's
 * side through its heartbeat and its reports; approval by another user;
 * pause, cancel and retry the failed.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import type { RolloutInput } from '../../../shared/firmware/index.js';
import { devices, moduleVersions } from '../../../server/device/index.js';
import { advanceRollouts } from '../../../server/firmware/advance.js';
import { callbackDeliveries, callbackSettings } from '../../../server/callback/index.js';
import { pushParts } from '../../../server/device/index.js';
import { rollouts } from '../../../server/firmware/schema.js';
import { users } from '../../../server/account/index.js';
import { deviceBasic, suiteApp } from '../helpers.js';
import { addMember } from '../reliability/support/world.js';

const t = suiteApp(['admin', 'tenant1', 'tenant2', 'member1']);
const S600 = ['VM2026000101', 'VM2026000105', 'VM2026000106'];
const id = (serial: string) => t.ids.device(serial);
let pkg: number;
let clock: number;

const advance = (minutes = 0) => {
  // The test's clock runs ahead of the real one when a test moves it, never behind it.
  clock = Math.max(clock, Date.now()) + minutes * 60_000;
  return advanceRollouts(t.db, new Date(clock));
};
const heartbeat = async (serial: string) =>
  (await t.call('device.heartbeat', { body: {} }, undefined, { authorization: deviceBasic(serial) })).body.content;
const report = (serial: string, jobId: number, body: object) =>
  t.call('firmware.report', { params: { id: jobId }, body: body as never }, undefined, {
    authorization: deviceBasic(serial),
  });
/** A machine that takes its offered update through to the end. */
async function update(serial: string, outcome: 'done' | 'failed' = 'done') {
  const offer = (await heartbeat(serial)).update;
  expect(offer, serial).not.toBeNull();
  expect((await report(serial, offer.jobId, { state: 'downloading', progress: 40 })).body.code).toBe(CODE.ok);
  expect((await report(serial, offer.jobId, { state: 'installing' })).body.code).toBe(CODE.ok);
  const last = await report(
    serial,
    offer.jobId,
    outcome === 'done' ? { state: 'done' } : { state: 'failed', reason: 'power loss' },
  );
  expect(last.body.code).toBe(CODE.ok);
  return offer;
}
const body = (over: Partial<RolloutInput> = {}): RolloutInput => ({
  packageId: pkg,
  target: 'devices',
  deviceIds: S600.map(id),
  firstStage: 100,
  perMinute: 100,
  concurrent: 100,
  window: null,
  threshold: 50,
  minDevices: 1,
  approval: false,
  ...over,
});
const create = (over: Partial<RolloutInput> = {}, token = t.token.tenant1) =>
  t.ok('firmware.rolloutCreate', { body: body(over) }, token);
const info = (rid: number) => t.ok('firmware.rolloutInfo', { params: { id: rid } }, t.token.tenant1);
const jobsOf = async (rid: number) =>
  (await t.ok('firmware.rolloutJobs', { params: { id: rid }, query: { pageSize: 50 }, body: {} }, t.token.tenant1))
    .list;

beforeEach(async () => {
  clock = Date.now();
  // A push is never deleted in the console; a test that clears its rollouts clears their parts (and so jobs).
  await t.db.delete(pushParts).where(eq(pushParts.kind, 'firmware'));
  await t.db.delete(rollouts);
  const ids = S600.map(id);
  await t.db.update(devices).set({ online: true }).where(inArray(devices.id, ids));
  await t.db
    .update(moduleVersions)
    .set({ version: '2.3.0' })
    .where(and(inArray(moduleVersions.deviceId, ids), eq(moduleVersions.module, 'mainBoard')));
  pkg = (await t.ok('firmware.page', { query: {}, body: { keyword: 'VM-S600_mainBoard_2.4.0' } }, t.token.admin))
    .list[0]!.id;
});

describe('firmware.eligibility', () => {
  it('says which devices can take the package and why not the others', async () => {
    const all = await t.ok(
      'firmware.eligibility',
      { body: { packageId: pkg, target: 'devices', deviceIds: [...S600, 'VM2026000107', 'VM2026000102'].map(id) } },
      t.token.tenant1,
    );
    expect(Object.fromEntries(all.map((d) => [d.serial, d.reason]))).toEqual({
      VM2026000101: null,
      VM2026000105: null,
      VM2026000106: null,
      VM2026000107: 'offline',
      VM2026000102: 'otherModel',
    });
    await t.db
      .update(moduleVersions)
      .set({ version: '2.4.0' })
      .where(and(eq(moduleVersions.deviceId, id('VM2026000101')), eq(moduleVersions.module, 'mainBoard')));
    await t.db
      .update(moduleVersions)
      .set({ version: '1.9.0' })
      .where(and(eq(moduleVersions.deviceId, id('VM2026000105')), eq(moduleVersions.module, 'mainBoard')));
    await t.db
      .update(moduleVersions)
      .set({ version: '3.0.0' })
      .where(and(eq(moduleVersions.deviceId, id('VM2026000106')), eq(moduleVersions.module, 'mainBoard')));
    const again = await t.ok(
      'firmware.eligibility',
      { body: { packageId: pkg, target: 'devices', deviceIds: S600.map(id) } },
      t.token.tenant1,
    );
    expect(again.map((d) => d.reason)).toEqual(['atVersion', 'belowFrom', 'newer']);
  });

  it("takes a point's devices; another tenant's device or point is 1909", async () => {
    const point = await t.ok(
      'firmware.eligibility',
      { body: { packageId: pkg, target: 'point', pointId: t.ids.point('hongqiao') } },
      t.token.tenant1,
    );
    expect(point.map((d) => d.serial)).toContain('VM2026000101');
    const foreign = [
      { target: 'devices' as const, deviceIds: [id('VM2026000301')] },
      { target: 'point' as const, pointId: t.ids.point('guangzhouSouth') },
    ];
    for (const target of foreign)
      expect(await t.code('firmware.eligibility', { body: { packageId: pkg, ...target } }, t.token.tenant1)).toBe(
        CODE.pushRefUnknown,
      );
  });
});

describe('firmware.rolloutCreate', () => {
  it('pushes only released packages to eligible devices (1711, 1709, 1903), each device in one rollout', async () => {
    const [draft] = (await t.ok('firmware.page', { query: {}, body: { state: 'draft' } }, t.token.admin)).list;
    const [gone] = (await t.ok('firmware.page', { query: {}, body: { state: 'withdrawn' } }, t.token.admin)).list;
    expect(await t.code('firmware.rolloutCreate', { body: body({ packageId: draft!.id }) }, t.token.tenant1)).toBe(
      CODE.packageNotReleased,
    );
    expect(
      await t.code(
        'firmware.rolloutCreate',
        { body: body({ packageId: gone!.id, deviceIds: [id('VM2026000101')] }) },
        t.token.tenant1,
      ),
    ).toBe(CODE.packageWithdrawn);
    expect(
      await t.code('firmware.rolloutCreate', { body: body({ deviceIds: [id('VM2026000102')] }) }, t.token.tenant1),
    ).toBe(CODE.noEligibleDevices);
    const first = await create({ deviceIds: [id('VM2026000101')] });
    expect(first).toMatchObject({ state: 'running', devices: 1, version: '2.4.0' });
    const second = await create();
    expect(second.devices).toBe(2);
    expect(await t.code('firmware.rolloutCreate', { body: body() }, t.token.tenant1)).toBe(CODE.noEligibleDevices);
    expect(await t.code('firmware.rolloutCreate', { body: body() }, t.token.admin)).toBe(CODE.tenantRequired);
  });
});

describe('firmware.report', () => {
  it('runs stage by stage: the first share, then the rest; each device reports its steps and runs the new version', async () => {
    const rollout = await create({ firstStage: 10 });
    expect(rollout.stages.map((s) => s.counts.queued)).toEqual([1, 2]);
    await advance();
    expect((await info(rollout.id)).stages[0]!.counts.offered).toBe(1);
    const [first] = await jobsOf(rollout.id);
    // The second stage waits for the first.
    for (const serial of S600.filter((s) => s !== first!.serial)) expect((await heartbeat(serial)).update).toBeNull();
    const offer = await update(first!.serial);
    expect(offer).toMatchObject({ version: '2.4.0', module: 'mainBoard', state: 'offered' });
    const modules = await t.ok('device.modules', { params: { id: first!.deviceId } }, t.token.tenant1);
    expect(modules.find((m) => m.module === 'mainBoard')?.version).toBe('2.4.0');
    await advance();
    for (const serial of S600.filter((s) => s !== first!.serial)) await update(serial);
    await advance();
    expect(await info(rollout.id)).toMatchObject({ state: 'done', done: 3, failed: 0, finishedAt: expect.any(String) });
    // Each finished device shows the version it started from and the one it runs now.
    for (const job of await jobsOf(rollout.id))
      expect(job).toMatchObject({ fromVersion: '2.3.0', nowVersion: '2.4.0' });
  });

  it("tells the tenant's webhook of each machine's update and of the rollout's end", async () => {
    await t.db
      .insert(callbackSettings)
      .values({
        tenantId: t.ids.tenant('A'),
        eventUrl: 'https://hooks.example.com/vend',
        events: ['rollout', 'update'],
      })
      .onConflictDoUpdate({
        target: callbackSettings.tenantId,
        set: { eventUrl: 'https://hooks.example.com/vend', events: ['rollout', 'update'] },
      });
    const rollout = await create({ deviceIds: [id('VM2026000101'), id('VM2026000106')] });
    await advance();
    await update('VM2026000101');
    await update('VM2026000106', 'failed');
    await advance(10);
    await update('VM2026000106', 'failed');
    await advance(10);
    await update('VM2026000106', 'failed');
    await advance();
    const sent = await t.db
      .select({ type: callbackDeliveries.type, body: callbackDeliveries.body })
      .from(callbackDeliveries)
      .where(inArray(callbackDeliveries.type, ['rollout', 'update']));
    const bodies = sent.map((d) => ({ type: d.type, data: JSON.parse(d.body).data }));
    expect(bodies).toEqual([
      {
        type: 'update',
        data: expect.objectContaining({ deviceId: id('VM2026000101'), state: 'done', version: '2.4.0' }),
      },
      {
        type: 'update',
        data: expect.objectContaining({ deviceId: id('VM2026000106'), state: 'failed', reason: 'power loss' }),
      },
      { type: 'rollout', data: expect.objectContaining({ rolloutId: rollout.id, ended: 'done' }) },
    ]);
    await t.db.delete(callbackSettings).where(eq(callbackSettings.tenantId, t.ids.tenant('A')));
  });

  it('refuses a step out of order (1908) and a job not under way (1907)', async () => {
    const rollout = await create({ deviceIds: [id('VM2026000101')] });
    await advance();
    const offer = (await heartbeat('VM2026000101')).update;
    expect((await report('VM2026000101', offer.jobId, { state: 'done' })).body.code).toBe(CODE.jobStep);
    expect((await report('VM2026000105', offer.jobId, { state: 'downloading' })).body.code).toBe(CODE.jobNotActive);
    await t.ok('firmware.rolloutAct', { params: { id: rollout.id }, body: { action: 'cancel' } }, t.token.tenant1);
    expect((await heartbeat('VM2026000101')).update).toBeNull();
    expect((await report('VM2026000101', offer.jobId, { state: 'downloading' })).body.code).toBe(CODE.jobNotActive);
  });
});

describe('firmware.rolloutAct', () => {
  it('stops itself when a stage fails past the threshold; retry re-queues only the failed', async () => {
    const rollout = await create({ firstStage: 10, threshold: 50, minDevices: 1 });
    await advance();
    const [first] = await jobsOf(rollout.id);
    // Three failed attempts, each after its back-off, fail the device for good.
    for (let attempt = 1; attempt <= 3; attempt++) {
      await update(first!.serial, 'failed');
      await advance(10);
    }
    const stopped = await info(rollout.id);
    expect(stopped).toMatchObject({ state: 'stopped', stoppedStage: 1, failed: 1 });
    expect(stopped.stages[1]!.counts.queued).toBe(2);
    expect((await jobsOf(rollout.id))[0]).toMatchObject({ state: 'failed', attempts: 3, error: 'power loss' });
    await advance();
    for (const serial of S600) expect((await heartbeat(serial)).update).toBeNull();
    const retried = await t.ok(
      'firmware.rolloutAct',
      { params: { id: rollout.id }, body: { action: 'retry' } },
      t.token.tenant1,
    );
    expect(retried).toMatchObject({ state: 'running', failed: 0, stoppedStage: null });
    await advance();
    await update(first!.serial);
    await advance();
    expect((await info(rollout.id)).stages[1]!.counts.offered).toBe(2);
  });

  it('keeps to the rate, the concurrency cap and the maintenance window', async () => {
    const rollout = await create({ perMinute: 1, concurrent: 2 });
    await advance();
    expect((await info(rollout.id)).stages[0]!.counts.offered).toBe(1);
    await advance();
    expect((await info(rollout.id)).stages[0]!.counts.offered).toBe(1);
    await advance(1.1);
    expect((await info(rollout.id)).stages[0]!.counts.offered).toBe(2);
    await advance(1.1);
    // Two at work: the third waits for one to finish.
    expect((await info(rollout.id)).stages[0]!.counts.offered).toBe(2);
    const busy = (await jobsOf(rollout.id)).find((job) => job.state === 'offered')!;
    await update(busy.serial);
    await advance(1.1);
    expect((await info(rollout.id)).stages[0]!.counts).toMatchObject({ done: 1, offered: 2 });

    await t.db.delete(pushParts).where(eq(pushParts.kind, 'firmware'));
    await t.db.delete(rollouts);
    // A window that closed a minute ago (business time) offers nothing until it opens again.
    const minute = Math.floor((clock / 60_000 + 480) % 1440);
    const closed = await create({ window: { from: (minute + 60) % 1440, to: (minute + 120) % 1440 } });
    await advance();
    expect((await info(closed.id)).stages[0]!.counts.offered).toBe(0);
    await advance(61);
    // The device updated above runs 2.4.0 already: the other two are in this one.
    expect(closed.devices).toBe(2);
    expect((await info(closed.id)).stages[0]!.counts.offered).toBe(2);
  });

  it('a job heard nothing of times out into a retry', async () => {
    const rollout = await create({ deviceIds: [id('VM2026000106')] });
    await advance();
    await advance(16);
    expect((await jobsOf(rollout.id))[0]).toMatchObject({ state: 'queued', attempts: 1, error: 'timeout' });
  });

  it('waits for another user’s approval (1906 for its creator); pause and resume; each move once', async () => {
    const rollout = await create({ approval: true });
    expect(rollout.state).toBe('approval');
    // Its page tells the creator it is theirs (the Approve button says why it is not offered), not another user.
    expect(rollout.mine).toBe(true);
    expect((await t.ok('firmware.rolloutInfo', { params: { id: rollout.id } }, t.token.tenant1)).mine).toBe(true);
    expect((await t.ok('firmware.rolloutInfo', { params: { id: rollout.id } }, t.token.member1)).mine).toBe(false);
    await advance();
    expect((await info(rollout.id)).stages[0]!.counts.offered).toBe(0);
    expect(
      await t.code('firmware.rolloutAct', { params: { id: rollout.id }, body: { action: 'approve' } }, t.token.tenant1),
    ).toBe(CODE.selfApproval);
    expect(
      await t.ok('firmware.rolloutAct', { params: { id: rollout.id }, body: { action: 'approve' } }, t.token.member1),
    ).toMatchObject({ state: 'running', approvedBy: 'member1' });
    expect(
      await t.code('firmware.rolloutAct', { params: { id: rollout.id }, body: { action: 'approve' } }, t.token.member1),
    ).toBe(CODE.rolloutState);
    await t.ok('firmware.rolloutAct', { params: { id: rollout.id }, body: { action: 'pause' } }, t.token.tenant1);
    await advance();
    expect((await info(rollout.id)).stages[0]!.counts.offered).toBe(0);
    expect(
      await t.code('firmware.rolloutAct', { params: { id: rollout.id }, body: { action: 'pause' } }, t.token.tenant1),
    ).toBe(CODE.rolloutState);
    await t.ok('firmware.rolloutAct', { params: { id: rollout.id }, body: { action: 'resume' } }, t.token.tenant1);
    await advance();
    expect((await info(rollout.id)).stages[0]!.counts.offered).toBe(3);
    expect(
      await t.code('firmware.rolloutAct', { params: { id: rollout.id }, body: { action: 'retry' } }, t.token.tenant1),
    ).toBe(CODE.rolloutState);
  });
});

describe('firmware.rolloutPage', () => {
  it("lists the caller's tenants' rollouts; another tenant's is not found", async () => {
    const rollout = await create({ deviceIds: [id('VM2026000101')] });
    const page = await t.ok('firmware.rolloutPage', { query: {}, body: { packageId: pkg } }, t.token.tenant1);
    expect(page.list.map((x) => x.id)).toEqual([rollout.id]);
    expect((await t.ok('firmware.rolloutPage', { query: {}, body: {} }, t.token.tenant2)).total).toBe(0);
    expect(await t.code('firmware.rolloutInfo', { params: { id: rollout.id } }, t.token.tenant2)).toBe(
      CODE.rolloutNotFound,
    );
  });
});

describe('firmware: a member with assigned devices', () => {
  /** A member of tenant A with 2-1 and one assigned device, signed in. */
  const memberWith = async (name: string, serial: string) => {
    const username = await addMember(t, name, t.ids.tenant('A'), ['2-1']);
    const [member] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    await t.ok(
      'staff.assignDevices',
      { params: { id: member!.id }, body: { deviceIds: [id(serial)] } },
      t.token.tenant1,
    );
    return t.signIn(username);
  };

  it('sees the rollouts reaching its devices, and of each only its devices: counts, stages and jobs', async () => {
    const token = await memberWith('flasher', S600[0]!);
    const mine = await create({ firstStage: 50 });
    const page = await t.ok('firmware.rolloutPage', { query: {}, body: {} }, token);
    expect(page.list.map((x) => x.id)).toEqual([mine.id]);
    expect(page.list[0]).toMatchObject({ devices: 1, done: 0, failed: 0 });
    const seen = await t.ok('firmware.rolloutInfo', { params: { id: mine.id } }, token);
    expect(seen.devices).toBe(1);
    expect(seen.stages.flatMap((s) => Object.values(s.counts)).reduce((a, n) => a + n, 0)).toBe(1);
    const jobs = await t.ok('firmware.rolloutJobs', { params: { id: mine.id }, query: {}, body: {} }, token);
    expect(jobs.list.map((j) => j.serial)).toEqual([S600[0]]);
    expect(jobs.total).toBe(1);
    // The tenant sees the whole of it.
    expect((await info(mine.id)).devices).toBe(3);
  });

  it('acts on a rollout only when it sees every device it reaches (1917 otherwise, nothing moved)', async () => {
    const token = await memberWith('flasher3', S600[0]!);
    const shared = await create();
    expect((await t.ok('firmware.rolloutInfo', { params: { id: shared.id } }, token)).whole).toBe(false);
    for (const action of ['pause', 'cancel', 'retry'] as const)
      expect(await t.code('firmware.rolloutAct', { params: { id: shared.id }, body: { action } }, token)).toBe(
        CODE.rolloutBeyondDevices,
      );
    expect((await info(shared.id)).state).toBe(shared.state);
    expect((await info(shared.id)).whole).toBe(true);
    await t.ok('firmware.rolloutAct', { params: { id: shared.id }, body: { action: 'cancel' } }, t.token.tenant1);
    const own = await create({ deviceIds: [id(S600[0]!)] });
    expect((await t.ok('firmware.rolloutInfo', { params: { id: own.id } }, token)).whole).toBe(true);
    const cancelled = await t.ok('firmware.rolloutAct', { params: { id: own.id }, body: { action: 'cancel' } }, token);
    expect(cancelled.state).toBe('cancelled');
  });

  it('does not see a rollout that reaches none of its devices: not listed, not found, no jobs', async () => {
    const token = await memberWith('flasher2', S600[0]!);
    const elsewhere = await create({ deviceIds: [id(S600[1]!), id(S600[2]!)] });
    expect((await t.ok('firmware.rolloutPage', { query: {}, body: {} }, token)).total).toBe(0);
    expect(await t.code('firmware.rolloutInfo', { params: { id: elsewhere.id } }, token)).toBe(CODE.rolloutNotFound);
    expect(await t.code('firmware.rolloutJobs', { params: { id: elsewhere.id }, query: {}, body: {} }, token)).toBe(
      CODE.rolloutNotFound,
    );
    expect(
      await t.code('firmware.rolloutAct', { params: { id: elsewhere.id }, body: { action: 'cancel' } }, token),
    ).toBe(CODE.rolloutNotFound);
  });
});

describe('firmware.rolloutInfo', () => {
  it('counts each stage’s jobs by state', async () => {
    const rollout = await create({ firstStage: 50 });
    expect(rollout.stages).toEqual([
      { stage: 1, counts: expect.objectContaining({ queued: 2 }) },
      { stage: 2, counts: expect.objectContaining({ queued: 1 }) },
    ]);
  });
});

describe('firmware.rolloutJobs', () => {
  it('lists the devices with their step, by state', async () => {
    const rollout = await create();
    await advance();
    const offered = await t.ok(
      'firmware.rolloutJobs',
      { params: { id: rollout.id }, query: {}, body: { state: 'offered' } },
      t.token.tenant1,
    );
    expect(offered.list.map((j) => j.serial).sort()).toEqual([...S600].sort());
    expect(offered.list[0]).toMatchObject({ fromVersion: '2.3.0', nowVersion: '2.3.0', attempts: 0, stage: 1 });
  });
});
