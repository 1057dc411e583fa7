/**
 * The fridge doors' race scenarios (races.test.ts): one opening sent N times
 * at once opens once; a declined close sent N times at once counts its
 * decline once; N declined closes of one card's openings at once block it
 * once; a blocked card unblocked N times at once is unblocked once.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { CODE } from '../../../../shared/domains.js';
import { devices } from '../../../../server/device/index.js';
import { deviceRateLimits } from '../../../../server/device/schema.js';
import { freshCards, freshDoorOpenings } from '../../../../server/fresh/index.js';
import { deviceBasic, type Answer, type TestApp } from '../../helpers.js';

type Check = (answers: Answer[], allowed: readonly number[]) => void;
type App = () => { t: TestApp; tenant: string; n: number; clean: Check };
const succeeded = (a: Answer) => a.status === 200 && a.body?.code === CODE.ok;
/** A tenant-A machine no other race uses (its kind does not matter to a door): its calls' window starts afresh each scenario. */
const FRIDGE = 'VM2026000104';
let made = 0;
const fresh = (what: string) => `${what}-${Date.now()}-${++made}`;

const machine = (t: TestApp, op: 'fresh.doorOpen' | 'fresh.doorClose', body: object) =>
  t.call(op, { body } as never, undefined, { authorization: deviceBasic(FRIDGE) });

async function ready(t: TestApp) {
  await t.db.update(devices).set({ online: true, locked: false }).where(eq(devices.serial, FRIDGE));
  await t.db.delete(deviceRateLimits).where(eq(deviceRateLimits.deviceId, t.ids.device(FRIDGE)));
}

const cardOf = async (t: TestApp, openingId: string) => {
  const [opening] = await t.db
    .select({ cardHash: freshDoorOpenings.cardHash })
    .from(freshDoorOpenings)
    .where(eq(freshDoorOpenings.openingId, openingId));
  return (await t.db.select().from(freshCards).where(eq(freshCards.cardHash, opening!.cardHash)))[0];
};

/** An opening of `card`, closed declined: its opening id. */
async function declined(t: TestApp, card: string) {
  const openingId = fresh('D');
  expect((await machine(t, 'fresh.doorOpen', { openingId, card })).body.code).toBe(CODE.ok);
  expect((await machine(t, 'fresh.doorClose', { openingId, amount: 500, declined: true })).body.code).toBe(CODE.ok);
  return openingId;
}

export function doorRaces(app: App) {
  return {
    'fresh.doorOpen': async () => {
      const { t, n, clean } = app();
      await ready(t);
      const openingId = fresh('O');
      const answers = await Promise.all(
        Array.from({ length: n }, () => machine(t, 'fresh.doorOpen', { openingId, card: fresh('tok_card') })),
      );
      clean(answers, []);
      expect(answers.every(succeeded)).toBe(true);
      const rows = await t.db.select().from(freshDoorOpenings).where(eq(freshDoorOpenings.openingId, openingId));
      expect(rows).toHaveLength(1);
    },

    'fresh.doorClose': async () => {
      const { t, n, clean } = app();
      await ready(t);
      // One declined close sent N times: one decline.
      const card = fresh('tok_close');
      const openingId = fresh('C');
      await machine(t, 'fresh.doorOpen', { openingId, card });
      const again = await Promise.all(
        Array.from({ length: n }, () => machine(t, 'fresh.doorClose', { openingId, amount: 900, declined: true })),
      );
      clean(again, []);
      expect(again.every(succeeded)).toBe(true);
      expect((await cardOf(t, openingId))!.declines).toBe(1);
      // N openings of another card declined at once: each counts, the block happens once, at the third.
      const other = fresh('tok_block');
      const openings = Array.from({ length: n }, () => fresh('B'));
      for (const id of openings) await machine(t, 'fresh.doorOpen', { openingId: id, card: other });
      const closes = await Promise.all(
        openings.map((id) => machine(t, 'fresh.doorClose', { openingId: id, amount: 300, declined: true })),
      );
      clean(closes, []);
      const row = (await cardOf(t, openings[0]!))!;
      expect(row.declines).toBe(n);
      expect(row.blockedAt).not.toBeNull();
      expect(closes.filter((a) => a.body.content.cardBlocked).length).toBe(Math.max(0, n - 2));
    },

    'fresh.unblockCard': async () => {
      const { t, tenant, n, clean } = app();
      await ready(t);
      const card = fresh('tok_unblock');
      let last = '';
      for (let i = 0; i < 3; i++) last = await declined(t, card);
      const mine = (await cardOf(t, last))!;
      expect(mine.blockedAt).not.toBeNull();
      const answers = await Promise.all(
        Array.from({ length: n }, () => t.call('fresh.unblockCard', { params: { id: mine!.id }, body: {} }, tenant)),
      );
      clean(answers, [CODE.cardNotBlocked]);
      expect(answers.filter(succeeded)).toHaveLength(1);
      expect((await machine(t, 'fresh.doorOpen', { openingId: fresh('U'), card })).body.code).toBe(CODE.ok);
    },
  };
}
