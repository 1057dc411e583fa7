/**
 * The demo fridge's doors (虹桥站鲜食柜): a week of shoppers' card openings,
 * a dozen a day, most paying for a sandwich or a bento and milk, some taking
 * nothing, a few declined — one card declined three times in a row
 * yesterday evening is blocked and tried once more since — and this
 * morning's visit to a coffee machine that found two bottles missing. For
 * the openings, the cards, the host's sheet and the shrink report to show.
 */
import { and, desc, eq, gte, isNotNull } from 'drizzle-orm';
import { deviceChannels, takeFromChannel } from '../device/index.js';
import type { Tx } from '../db/index.js';
import { cardDigest } from './doors.js';
import { followStock } from './follow.js';
import { freshCards, freshDoorOpenings } from './schema.js';
import { addDays, businessDay, businessInstant } from '../../shared/business-time.js';
import { DOOR_DEFAULTS } from '../../shared/fresh/index.js';

const MINUTE = 60_000;
const BLOCKED = 'demo-card-6217-8852';

/** A repeatable spread: the demo reads the same every time it loads. */
const spread = (n: number, mod: number) => (n * 7919 + 13) % mod;

export async function doorsDemo(tx: Tx, fridge: { deviceId: number; tenantId: number }, now: number) {
  const rows: (typeof freshDoorOpenings.$inferInsert)[] = [];
  const today = businessDay(now);
  /** A wall-clock time of the business day `daysAgo` before today. */
  const at = (daysAgo: number, minuteOfDay: number) =>
    new Date(+businessInstant(`${addDays(today, -daysAgo)} 00:00`)! + minuteOfDay * MINUTE);
  for (let day = 7; day >= 1; day--) {
    for (let i = 0; i < 12; i++) {
      const n = day * 100 + i;
      // From 7:30 on, every hour or so: commuters through the station.
      const openedAt = at(day, 7 * 60 + 30 + i * 55 + spread(n, 20));
      const card = `demo-card-${spread(n, 40)}`;
      const declined = spread(n, 17) === 3;
      const amount = spread(n, 9) === 0 ? 0 : 600 + spread(n, 30) * 100;
      rows.push({
        tenantId: fridge.tenantId,
        deviceId: fridge.deviceId,
        openingId: `DEMO-${day}-${i}`,
        cardHash: cardDigest(card),
        cardTail: String(1000 + spread(n, 9000)).slice(-4),
        cap: DOOR_DEFAULTS.cap,
        openedAt,
        closedAt: new Date(+openedAt + (1 + spread(n, 3)) * MINUTE),
        amount,
        declined,
        saleId: declined || amount === 0 ? null : `DEMO-SALE-${day}-${i}`,
      });
    }
  }
  // Yesterday evening, one card declined three times in a row: blocked, and tried once since.
  for (let i = 0; i < 3; i++) {
    const openedAt = at(1, 19 * 60 + 10 + i * 20);
    rows.push({
      tenantId: fridge.tenantId,
      deviceId: fridge.deviceId,
      openingId: `DEMO-BLOCK-${i}`,
      cardHash: cardDigest(BLOCKED),
      cardTail: '8852',
      cap: DOOR_DEFAULTS.cap,
      openedAt,
      closedAt: new Date(+openedAt + 2 * MINUTE),
      amount: 1800 + i * 300,
      declined: true,
      saleId: null,
    });
  }
  await tx.insert(freshDoorOpenings).values(rows);
  await tx.insert(freshCards).values({
    tenantId: fridge.tenantId,
    cardHash: cardDigest(BLOCKED),
    cardTail: '8852',
    declines: 3,
    blockedAt: at(1, 19 * 60 + 52),
    blockedDeviceId: fridge.deviceId,
    refusals: 1,
    lastSeenAt: at(1, 21 * 60 + 5),
  });
}

/**
 * This morning's visit to 人民广场咖啡机: two bottles of its last stocked lane were not there. A machine no
 * test counts on (the fresh food tests keep to the fridge's books, which this leaves alone).
 */
export async function visitDemo(tx: Tx, deviceId: number) {
  const [lane] = await tx
    .select({ number: deviceChannels.number })
    .from(deviceChannels)
    .where(
      and(eq(deviceChannels.deviceId, deviceId), isNotNull(deviceChannels.productId), gte(deviceChannels.stock, 2)),
    )
    .orderBy(desc(deviceChannels.number));
  if (lane && (await takeFromChannel(tx, deviceId, lane.number, 2, 'visit')))
    await followStock(tx, { deviceId, numbers: [lane.number], cause: 'visit' });
}
