/**
 * The desktop's notifications lead somewhere, and the taskbar counts the
 * open complaints: a device's event under its switch opens the device's
 * page, a new complaint under its switch opens the complaint's window (both
 * as deep links, judged again at the click); the count is read at sign-in,
 * again shortly after complaint events, and goes at sign-out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComplaintCount } from '../../electron/core/badge.js';
import { judgeLink } from '../../electron/core/links.js';
import { badgeOf, noticeOf } from '../../electron/core/notify.js';
import { DEMO_PASSWORD, desktopCore, startUpstream, type Upstream } from './support.js';

const fault = {
  kind: 'fault',
  deviceId: 12,
  serial: 'VM-0012',
  name: '虹桥站饮料机 1 号',
  at: '2026-11-28T08:00:00.000Z',
  notify: true,
  code: 'E07',
  message: '出货电机堵转',
};
const complaint = {
  kind: 'created',
  complaintId: 34,
  number: 'TS2026112800001',
  deviceName: '虹桥站饮料机 1 号',
  notify: true,
};

describe('what a notification says and where it leads', () => {
  it("a device's event opens the device's page; a new complaint its own window", () => {
    const device = noticeOf({ topic: 'device', data: fault }, 'zh-CN')!;
    expect(device.title).toBe('设备通知');
    expect(device.body).toContain('虹桥站饮料机 1 号');
    expect(device.link).toBe('vend-console://open/deviceList/devSet?id=12');
    expect(judgeLink(device.link, { roleKind: 'tenant', allValue: ['1'] })).toEqual({
      ok: true,
      target: { path: '/deviceList/devSet?id=12', window: false },
    });
    const filed = noticeOf({ topic: 'complaint', data: complaint }, 'en')!;
    expect(filed).toEqual({
      title: 'New complaint',
      body: 'New complaint TS2026112800001 (虹桥站饮料机 1 号)',
      link: 'vend-console://open/orderManagement/complaintDetail?id=34',
    });
    expect(judgeLink(filed.link, { roleKind: 'admin', allValue: ['0'] })).toMatchObject({ target: { window: true } });
  });

  it('says nothing with the switch off, for a complaint moving on, or for anything else', () => {
    expect(noticeOf({ topic: 'device', data: { ...fault, notify: false } }, 'en')).toBeNull();
    expect(noticeOf({ topic: 'complaint', data: { ...complaint, notify: false } }, 'en')).toBeNull();
    expect(noticeOf({ topic: 'complaint', data: { ...complaint, kind: 'updated' } }, 'en')).toBeNull();
    expect(noticeOf({ topic: 'device', data: { kind: 'fault' } }, 'en')).toBeNull();
    expect(noticeOf({ topic: 'export', data: {} }, 'en')).toBeNull();
  });

  it('counts open complaints on the dock, and marks the Windows taskbar with the count in words', () => {
    expect(badgeOf(3, 'zh-TW')).toEqual({ count: 3, overlay: '3 筆投訴待處理' });
    expect(badgeOf(0, 'en')).toEqual({ count: 0, overlay: null });
    expect(badgeOf(null, 'en')).toEqual({ count: 0, overlay: null });
  });
});

describe('the count of open complaints', () => {
  it('reads once for the events of a moment, and a read begun before a sign-out shows nothing after it', async () => {
    const seen: (number | null)[] = [];
    let reads = 0;
    const held: (() => void)[] = [];
    let slow = false;
    const count = createComplaintCount({
      page: async (status) => {
        reads++;
        if (slow) await new Promise<void>((r) => held.push(r));
        return { ok: true, content: { total: status === 'pending' ? 2 : 1 } };
      },
      report: (open) => seen.push(open),
      delayMs: 20,
    });
    count.soon();
    count.soon();
    count.soon();
    await expect.poll(() => seen).toEqual([3]);
    expect(reads).toBe(2);
    slow = true;
    const late = count.now();
    count.clear();
    for (const release of held) release();
    await late;
    expect(seen).toEqual([3, null]);
  });

  let upstream: Upstream;
  beforeAll(async () => {
    upstream = await startUpstream();
  });
  afterAll(async () => {
    await upstream.close();
  });

  it("is the signed-in user's pending and in-progress complaints, none for a user without them, none once signed out", async () => {
    const seen: (number | null)[] = [];
    const core = desktopCore(upstream, {
      onOpenComplaints: (open) => seen.push(open),
    });
    await core.call('session.signIn', { username: 'tenant1', password: DEMO_PASSWORD });
    await expect.poll(() => seen.length).toBe(1);
    const totals = await Promise.all(
      (['pending', 'inProgress'] as const).map(async (status) => {
        const answer = await core.call('complaint.page', { query: { pageNum: 1, pageSize: 1 }, body: { status } });
        return (answer as { content: { total: number } }).content.total;
      }),
    );
    expect(seen[0]).toBe(totals[0]! + totals[1]!);
    expect(seen[0]).toBeGreaterThan(0);
    await core.call('session.signOut', {});
    expect(seen.at(-1)).toBeNull();
    // A member whose role has no complaint screens: nothing to count.
    await core.call('session.signIn', { username: 'member1', password: DEMO_PASSWORD });
    await expect.poll(() => seen.length).toBe(3);
    expect(seen.at(-1)).toBeNull();
  });
});
