/**
 * A demo fridge's temperature sensor in the simulator (server/simulator.ts):
 * one reading a real minute — a sensor reads by the wall clock whatever pace
 * the sales run at — sent in batches through `fresh.temperatureReport`, the
 * compressor holding 3–5 °C; now and then a door left ajar for 35–50
 * minutes warms it to about 11 °C, an excursion that locks the fridge's
 * fresh food channels until someone in the console checks and acknowledges
 * it. A fridge just switched on sends its sensor's backlog first.
 */
import { DEMO_DEVICES } from './device/index.js';

const MINUTE = 60_000;
/** Models whose machines are fridges with a sensor. */
const FRIDGE_MODELS: ReadonlySet<string> = new Set(['VM-F200']);
/** Doors left ajar per fridge per real hour, and for how long. */
export const AJAR_PER_HOUR = 0.05;
const AJAR_MINUTES = { min: 35, max: 50 };
/** No second door left ajar within this long of the last one's end. */
const AJAR_REST = 120 * MINUTE;

export interface FridgeOptions {
  /** Doors left ajar per real hour (default AJAR_PER_HOUR). */
  ajarPerHour?: number;
  /** Minutes of readings its sensor holds when the simulator starts, sent first (default none). */
  backlogMinutes?: number;
}

export interface Sensor {
  /** The next reading's time (ms, on the minute). */
  next: number;
  ajarFrom: number;
  ajarUntil: number;
}

export const isFridge = (serial: string) =>
  FRIDGE_MODELS.has(DEMO_DEVICES.find((d) => d.serial === serial)?.model ?? '');

export const sensorFrom = (now: number, backlogMinutes = 0): Sensor => ({
  next: Math.floor(now / MINUTE) * MINUTE - backlogMinutes * MINUTE,
  ajarFrom: 0,
  ajarUntil: 0,
});

/** One reading at `at`: the compressor's 40-minute cycle and a little noise, or the door's warming and cooling back. */
function celsiusAt(s: Sensor, at: number, random: () => number): number {
  const noise = (random() - 0.5) * 0.2;
  if (at >= s.ajarFrom && at < s.ajarUntil) {
    const into = (at - s.ajarFrom) / (s.ajarUntil - s.ajarFrom);
    return Math.round((8.3 + 3 * Math.sin(Math.PI * into) + noise) * 10) / 10;
  }
  const cooling = at >= s.ajarUntil && at < s.ajarUntil + 15 * MINUTE ? (s.ajarUntil + 15 * MINUTE - at) / MINUTE : 0;
  return Math.round((4 + 0.8 * Math.sin((2 * Math.PI * at) / (40 * MINUTE)) + cooling * 0.3 + noise) * 10) / 10;
}

/** The readings due by `now` (none before a whole minute has passed), the sensor moved on past them. */
export function readingsDue(s: Sensor, now: number, random: () => number, options: FridgeOptions = {}) {
  const readings: { at: string; celsius: number }[] = [];
  const perMinute = (options.ajarPerHour ?? AJAR_PER_HOUR) / 60;
  for (; s.next <= now && readings.length < 1440; s.next += MINUTE) {
    if (s.next >= s.ajarUntil + AJAR_REST && random() < perMinute) {
      s.ajarFrom = s.next;
      s.ajarUntil = s.next + (AJAR_MINUTES.min + random() * (AJAR_MINUTES.max - AJAR_MINUTES.min)) * MINUTE;
    }
    readings.push({ at: new Date(s.next).toISOString(), celsius: celsiusAt(s, s.next, random) });
  }
  return readings;
}
