/**
 * How a simulated machine takes a firmware update its heartbeat offers
 * (server/simulator.ts runs it beside the machine's ticks): it downloads
 * the package in ranges, as a machine on a weak link does, and resumes a
 * broken download at the byte it stopped; it checks the SHA-256 it was
 * given against what it received (hashed as it arrives, never held whole);
 * it installs, sometimes loses power mid-install, reboots (silent for a
 * moment) and reports its new version. Each step goes to the upstream
 * through `firmware.report`, as a real machine's would.
 */
import { createHash, type Hash } from 'node:crypto';
import { api } from '../shared/domains.js';
import type { UpdateOffer } from '../shared/device/index.js';

/** How often each way an update fails, per update (a test sets its own). */
export interface UpdateFailures {
  /** A download connection that breaks mid-range (resumed). */
  broken: number;
  /** A download that arrives damaged: the checksum catches it, the attempt fails. */
  checksum: number;
  /** Power lost while installing: the attempt fails after the reboot. */
  powerLoss: number;
}
export const UPDATE_FAILURES: UpdateFailures = { broken: 0.05, checksum: 0.03, powerLoss: 0.05 };

/** Bytes per range request (one part of the upstream's storage), and the real time steps take at speed 1 (a second per range). */
const RANGE_BYTES = 1024 * 1024;
const STEP_MS = { range: 1000, install: 8000, reboot: 5000 } as const;

export interface UpdatingMachine {
  serial: string;
  auth: string;
  /** The versions it runs, reported in each heartbeat once known. */
  modules: Map<string, string>;
  /** Until when it says nothing (a reboot). */
  silentUntil: number;
  lastBeat: number;
  /** Updates it has begun, this one included. */
  attempts: number;
}

export interface UpdateContext {
  url: string;
  /**
   * The draws of one machine's one attempt (its serial, and how many
   * attempts it made before). Keyed so a seeded run's failures do not follow
   * which machine happened to ask first.
   */
  randomFor: (serial: string, attempt: number) => () => number;
  failures: UpdateFailures;
  /** Real-time steps are divided by this (the simulator's speed, capped so a download still takes a few requests' time). */
  pace: number;
  sleep: (ms: number) => Promise<void>;
  log: (line: string) => void;
  stats: { updates: Record<string, number> };
}

const count = (ctx: UpdateContext, what: string) => (ctx.stats.updates[what] = (ctx.stats.updates[what] ?? 0) + 1);

async function report(ctx: UpdateContext, m: UpdatingMachine, jobId: number, body: object): Promise<number> {
  const res = await fetch(new URL(api['firmware.report'].path.replace(':id', String(jobId)), ctx.url), {
    method: 'POST',
    headers: { authorization: m.auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return ((await res.json()) as { code: number }).code;
}

/**
 * One range of the package, hashed as it arrives (a machine holds no more
 * than the socket's chunk); a broken connection ends it early. Answers the
 * bytes received.
 */
async function range(
  ctx: UpdateContext,
  m: UpdatingMachine,
  offer: UpdateOffer,
  from: number,
  hash: Hash,
  random: () => number,
): Promise<number> {
  const to = Math.min(offer.size, from + RANGE_BYTES) - 1;
  const res = await fetch(new URL(api['firmware.download'].path.replace(':id', String(offer.packageId)), ctx.url), {
    headers: { authorization: m.auth, range: `bytes=${from}-${to}` },
    signal: AbortSignal.timeout(60_000),
  });
  if ((res.status !== 206 && res.status !== 200) || !res.body) throw new Error(`download refused: HTTP ${res.status}`);
  const breaks = random() < ctx.failures.broken ? Math.floor((to - from + 1) * random()) : Infinity;
  let got = 0;
  for await (const chunk of res.body) {
    const bytes = chunk.subarray(0, Math.max(0, Math.min(chunk.length, breaks - got)));
    hash.update(bytes);
    got += bytes.length;
    if (got >= breaks) {
      count(ctx, 'resumed');
      await res.body.cancel().catch(() => {});
      break;
    }
  }
  return got;
}

/** Takes the offered update through to its end; answers how it ended. */
/** A repeatable stream of numbers in [0, 1) from a 32-bit seed (mulberry32: a few lines, no library needed for a simulator's dice). */
export function seeded(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed of one machine's one attempt under a run's seed (FNV-1a over the key). */
export function attemptSeed(seed: number, serial: string, attempt: number): number {
  let h = 0x811c9dc5 ^ seed;
  for (const ch of `${serial}#${attempt}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return h | 0;
}

export async function runUpdate(ctx: UpdateContext, m: UpdatingMachine, offer: UpdateOffer): Promise<string> {
  m.attempts += 1;
  const random = ctx.randomFor(m.serial, m.attempts);
  if ((await report(ctx, m, offer.jobId, { state: 'downloading', progress: 0 })) !== 200) return 'refused';
  const hash = createHash('sha256');
  let held = 0;
  let told = 0;
  while (held < offer.size) {
    held += await range(ctx, m, offer, held, hash, random);
    const progress = Math.floor((held * 100) / offer.size);
    // Progress every quarter, not every range: a fleet must not flood the upstream.
    if (progress - told >= 25 && held < offer.size) {
      told = progress;
      if ((await report(ctx, m, offer.jobId, { state: 'downloading', progress })) !== 200) return 'refused';
    }
    await ctx.sleep(STEP_MS.range / ctx.pace);
  }
  const damaged = random() < ctx.failures.checksum;
  if (damaged || hash.digest('hex') !== offer.sha256) {
    count(ctx, 'checksum');
    await report(ctx, m, offer.jobId, { state: 'failed', reason: 'checksum' });
    return 'checksum';
  }
  if ((await report(ctx, m, offer.jobId, { state: 'installing' })) !== 200) return 'refused';
  await ctx.sleep(STEP_MS.install / ctx.pace);
  const powerLoss = random() < ctx.failures.powerLoss;
  // A reboot either way: silent for a moment, then back with the old version (power lost) or the new one.
  m.silentUntil = Date.now() + STEP_MS.reboot / ctx.pace;
  await ctx.sleep(STEP_MS.reboot / ctx.pace);
  m.lastBeat = 0;
  if (powerLoss) {
    count(ctx, 'powerLoss');
    await report(ctx, m, offer.jobId, { state: 'failed', reason: 'power loss' });
    return 'powerLoss';
  }
  m.modules.set(offer.module, offer.version);
  await report(ctx, m, offer.jobId, { state: 'done' });
  count(ctx, 'done');
  ctx.log(`${m.serial} runs ${offer.module} ${offer.version}`);
  return 'done';
}
