/**
 * The demo fridge's temperatures (虹桥站鲜食柜): two days of readings, one a
 * minute, the compressor keeping it at 3–5 °C; yesterday afternoon its door
 * was left ajar for 45 minutes (up to 11.2 °C), which locked its fresh food
 * channels until tenant1 checked the stock and acknowledged the excursion —
 * for the temperature board, the chart and the inspector's log to show.
 * Nothing is left locked: other screens sell from this fridge.
 */
import { asc, eq, isNotNull, and } from 'drizzle-orm';
import { deviceChannels } from '../device/index.js';
import type { Tx } from '../db/index.js';
import { DEFAULT_TENTHS } from './cold.js';
import { freshExcursions, freshFridges, freshTemperatures } from './schema.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** The door left ajar: from 26 hours ago, for 45 minutes. */
const AJAR_FROM = 26 * 60;
const AJAR_MINUTES = 45;

/** A reading `minutesAgo`, tenths: the compressor's 40-minute cycle, or the door's rise and fall. */
function tenthsAt(minutesAgo: number): number {
  const intoAjar = AJAR_FROM - minutesAgo;
  if (intoAjar >= 0 && intoAjar < AJAR_MINUTES)
    return 82 + Math.round(30 * Math.sin((Math.PI * intoAjar) / AJAR_MINUTES));
  if (intoAjar >= AJAR_MINUTES && intoAjar < AJAR_MINUTES + 15) return 80 - (intoAjar - AJAR_MINUTES) * 3;
  return 40 + Math.round(8 * Math.sin((2 * Math.PI * minutesAgo) / 40));
}

export async function coldDemo(tx: Tx, deviceId: number, tenantId: number, by: number, now: number) {
  const last = Math.floor(now / MINUTE) * MINUTE;
  const readings = Array.from({ length: (2 * DAY) / MINUTE }, (_, i) => ({
    deviceId,
    at: new Date(last - i * MINUTE),
    tenths: tenthsAt(i),
  }));
  await tx.insert(freshTemperatures).values(readings);
  await tx.insert(freshFridges).values({ deviceId, readAt: readings[0]!.at, tenths: readings[0]!.tenths });
  const out = readings.filter((r) => r.tenths > DEFAULT_TENTHS.high).sort((a, b) => +a.at - +b.at);
  const lanes = await tx
    .select({ number: deviceChannels.number })
    .from(deviceChannels)
    .where(and(eq(deviceChannels.deviceId, deviceId), isNotNull(deviceChannels.productId)))
    .orderBy(asc(deviceChannels.number));
  const startedAt = out[0]!.at;
  const endedAt = new Date(+out[out.length - 1]!.at + MINUTE);
  await tx.insert(freshExcursions).values({
    tenantId,
    deviceId,
    startedAt,
    lockedAt: new Date(+startedAt + DEFAULT_TENTHS.minutes * MINUTE),
    endedAt,
    peak: Math.max(...out.map((r) => r.tenths)),
    ...DEFAULT_TENTHS,
    channels: lanes.map((l) => l.number),
    acknowledgedAt: new Date(+endedAt + 20 * MINUTE),
    acknowledgedBy: by,
    note: '柜门未关严，已关好并检查商品，包装完好、温度已恢复',
  });
}
