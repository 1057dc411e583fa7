/**
 * The demo fleet's machines (ARCHITECTURE §11): each sends heartbeats, sells
 * along a daily curve until channels run low, now and then faults and
 * recovers, falls silent (offline) and comes back, and restocks by hand when
 * most of it is empty — all through the device-facing API over HTTP, signed
 * with its demo secret, exactly as a real machine would. Nothing here
 * touches the database.
 *
 * Time: heartbeats and silences run in real time (presence is judged in real
 * time); sales, faults and refills follow simulated time, `speed` times
 * faster (1: a gentle business pace; 60: an hour a minute).
 */
import { setTimeout as wait } from 'node:timers/promises';
import { api, CODE } from '../shared/domains.js';
import { PRESENCE, type MachineState } from '../shared/device/index.js';
import type { SaleInput } from '../shared/order/index.js';
import { DEMO_DEVICES, demoSecret } from './device/index.js';
import { DEMO_CUSTOMER_STAFF } from './customer/index.js';
import { sandboxCode } from './member/index.js';
import { attemptSeed, runUpdate, seeded, UPDATE_FAILURES, type UpdateFailures } from './simulator-update.js';
import { applyMarkdowns, applyPrices, PRICE_FAILURE, type PriceStats } from './simulator-price.js';
import { isFridge, readingsDue, sensorFrom, type FridgeOptions, type Sensor } from './simulator-fridge.js';

export interface SimulatorOptions {
  /** The upstream's base URL. */
  url: string;
  /** Demo serials to drive; default: every demo machine that is online and sells or takes payments. */
  serials?: readonly string[];
  speed?: number;
  /** How often each machine wakes (real ms). */
  tickMs?: number;
  /** How often each machine beats (real ms; a machine's PRESENCE.heartbeatMs unless a test hurries it). */
  heartbeatMs?: number;
  random?: () => number;
  /**
   * Seeds the firmware updates' draws per machine and attempt
   * (simulator-update.ts attemptSeed), so which update fails how does not
   * follow timing; without it they draw from `random`.
   */
  updateSeed?: number;
  /** The time of day the sales curve reads (tests fix it). */
  clock?: () => Date;
  log?: (line: string) => void;
  /** How often a firmware update fails each way (server/simulator-update.ts). */
  updateFailures?: UpdateFailures;
  /** How often a machine fails to apply a price change (server/simulator-price.ts). */
  priceFailure?: number;
  /** How often per hour a machine falls silent for a while (default SILENCE_PER_HOUR; 0 for a bench that waits on every machine). */
  silencePerHour?: number;
  /** The fridges' sensors (server/simulator-fridge.ts): how often a door is left ajar, the backlog sent first. */
  fridge?: FridgeOptions;
}

export interface SimulatorStats {
  heartbeats: number;
  sales: number;
  /** Refused sales by body code (940 when a channel ran out under it, 902/903 around a silence or a lock). */
  refused: Record<number, number>;
  faults: number;
  silences: number;
  refills: number;
  /** What the machines said they dispensed and the upstream took, by outcome (`delivered`, or the failure's reason; `silent`: no report, left to time out). */
  outcomes: Record<string, number>;
  /** Sale round trips in ms, newest last (at most 2000 kept). */
  saleLatencies: number[];
  /** Firmware updates by how each attempt ended (done, checksum, powerLoss) and downloads resumed. */
  updates: Record<string, number>;
  /** Price changes the machines applied or failed to, and reports refused. */
  prices: PriceStats;
  /** Temperature readings the fridges sent, and the excursions the upstream answered having opened. */
  readings: number;
  excursions: number;
  errors: number;
}

export interface Simulator {
  stats: SimulatorStats;
  stop(): Promise<void>;
}

/** Sales per machine per simulated hour, by hour of the day (China time): a morning, a lunch and an evening peak. */
const SALES_PER_HOUR = [0.3, 0.2, 0.1, 0.1, 0.2, 0.6, 2, 5, 7, 5, 4, 6, 8, 6, 4, 4, 5, 7, 8, 6, 4, 3, 1.5, 0.8];
const FAULTS = [
  ['E-11', '出货电机超时'],
  ['E-21', '制冷温度过高'],
  ['E-31', '纸币器故障'],
  ['E-42', '网络模块重启'],
] as const;
/** What a vend comes to, weighted per thousand: as real fleets report them, a jam in fifty and the rest rarer. */
const OUTCOMES = [
  ['delivered', 955],
  ['jam', 20],
  ['empty', 10],
  ['motor', 5],
  ['door', 5],
  ['timeout', 3],
  ['silent', 2],
] as const;
/** Per simulated hour: a fault; per real hour: a silence long enough to be swept offline. */
const FAULT_PER_HOUR = 0.02;
const SILENCE_PER_HOUR = 0.3;
const HOUR = 3_600_000;
/** People per tenant who buy as members, and the nicknames they share. */
const PEOPLE_PER_TENANT = 12;
/** The loyalty programme of the malls some machines stand in (third-party members). */
const MALL_PROGRAMME = '万象城会员';
const PEOPLE = ['晨跑的小周', '加班狗阿强', '奶茶续命', '地铁通勤人', '一杯美式', '早八打工人'] as const;

interface Machine {
  serial: string;
  auth: string;
  payments: boolean;
  /** Its tenant's enterprise staff present their cards here (the demo's customer is tenant A's). */
  customerStaffCards: readonly string[];
  state: MachineState | undefined;
  lastBeat: number;
  /** How far into the heartbeat interval this machine beats, once it has beaten the first time. */
  phase: number;
  silentUntil: number;
  faultUntil: number;
  sold: number;
  /** The versions of its modules it knows it runs (after an update), said in each heartbeat. */
  modules: Map<string, string>;
  /** Firmware updates it has begun. */
  attempts: number;
  /** The firmware update it is working through, if any. */
  updating: Promise<unknown> | undefined;
  /** A fridge's temperature sensor. */
  sensor: Sensor | undefined;
  /** The excursion the upstream last said was open, so a new one is counted once. */
  excursion: number | null;
}

function pick<T>(random: () => number, weighted: readonly (readonly [T, number])[]): T {
  let r = random() * weighted.reduce((s, [, w]) => s + w, 0);
  for (const [v, w] of weighted) if ((r -= w) < 0) return v;
  return weighted[weighted.length - 1]![0];
}

export function startSimulator(opts: SimulatorOptions): Simulator {
  const speed = opts.speed ?? 1;
  const tickMs = opts.tickMs ?? 5_000;
  const heartbeatMs = opts.heartbeatMs ?? PRESENCE.heartbeatMs;
  const random = opts.random ?? Math.random;
  const log = opts.log ?? (() => {});
  const stats: SimulatorStats = {
    heartbeats: 0,
    sales: 0,
    refused: {},
    faults: 0,
    silences: 0,
    refills: 0,
    outcomes: {},
    saleLatencies: [],
    updates: {},
    prices: { applied: 0, failed: 0, refused: 0 },
    readings: 0,
    excursions: 0,
    errors: 0,
  };
  const chosen =
    opts.serials ?? DEMO_DEVICES.filter((d) => d.online && d.activated && d.type !== 'smartLink').map((d) => d.serial);
  const machines: Machine[] = chosen.map((serial, i) => ({
    serial,
    // Spread evenly over the interval, and not drawn from `random`: a seeded run's draws stay as they were.
    phase: (heartbeatMs * i) / chosen.length,
    auth: `Basic ${Buffer.from(`${serial}:${demoSecret(serial)}`).toString('base64')}`,
    payments: DEMO_DEVICES.find((d) => d.serial === serial)?.type === 'paymentBox',
    customerStaffCards:
      DEMO_DEVICES.find((d) => d.serial === serial)?.tenant === 'A' ? DEMO_CUSTOMER_STAFF.map((s) => s.cardId) : [],
    state: undefined,
    lastBeat: 0,
    silentUntil: 0,
    faultUntil: 0,
    sold: 0,
    modules: new Map(),
    attempts: 0,
    updating: undefined,
    sensor: isFridge(serial) ? sensorFrom(Date.now(), opts.fridge?.backlogMinutes) : undefined,
    excursion: null,
  }));

  async function call(
    m: Machine,
    op:
      | 'device.heartbeat'
      | 'device.stockReport'
      | 'device.fault'
      | 'device.recover'
      | 'order.sale'
      | 'delivery.outcome'
      | 'fresh.temperatureReport',
    body: unknown,
  ) {
    const res = await fetch(new URL(api[op].path, opts.url), {
      method: 'POST',
      headers: { authorization: m.auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    return (await res.json()) as { code: number; content?: unknown };
  }

  /**
   * The people who buy as members at a tenant's machines: signed in through
   * its mini-program's API once (a sandbox WeChat code each), the first time
   * a sale there wants one. None where the tenant runs no programme (705).
   */
  const people = new Map<number, Promise<number[]>>();
  const membersOf = (tenantId: number) => {
    let known = people.get(tenantId);
    if (!known) {
      known = signInPeople(tenantId);
      people.set(tenantId, known);
    }
    return known;
  };
  async function signInPeople(tenantId: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 1; i <= PEOPLE_PER_TENANT; i++) {
      const res = await fetch(new URL(api['member.signIn'].path, opts.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          tenantId,
          code: sandboxCode(`sim-${tenantId}-${i}`, { nickname: PEOPLE[i % PEOPLE.length] }),
        }),
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await res.json()) as { code: number; content?: { member: { id: number } } };
      if (answer.code !== 200) break;
      ids.push(answer.content!.member.id);
    }
    return ids;
  }

  async function beat(m: Machine) {
    const modules = [...m.modules].map(([module, version]) => ({ module, version }));
    const answer = await call(m, 'device.heartbeat', modules.length ? { modules } : {});
    // After its first beat a machine keeps a phase of its own within the interval, as a fleet switched on at
    // different moments does: started together, a thousand machines would otherwise beat within the same second.
    m.lastBeat = Date.now() - (m.state ? 0 : m.phase);
    if (answer.code === 200) {
      m.state = answer.content as MachineState;
      stats.heartbeats++;
      // An update offered: worked through beside the ticks, one at a time.
      const offer = m.state.update;
      if (offer && !m.updating)
        m.updating = runUpdate(updates, m, offer)
          .catch((err: Error) => {
            stats.errors++;
            log(`${m.serial} update: ${err.message}`);
          })
          .finally(() => (m.updating = undefined));
      // Prices delivered: set on the channels at once, before the next sale.
      if (m.state.prices.length)
        await applyPrices(opts.url, m, stats.prices, random, opts.priceFailure ?? PRICE_FAILURE);
      // Markdown ladders delivered: shown on the panel at once.
      if (m.state.markdowns.length) await applyMarkdowns(opts.url, m);
    }
  }

  async function sell(m: Machine) {
    const state = m.state!;
    const sale: SaleInput = {
      saleId: `${m.serial}-${Date.now().toString(36)}-${++m.sold}`,
      // The prices it sold at: the version it applied last.
      priceVersion: state.priceVersion,
      thirdPartyNumber: `${pick(random, [
        ['42', 6],
        ['20', 4],
      ] as const)}${Date.now()}${Math.floor(random() * 1e6)
        .toString()
        .padStart(6, '0')}`,
      platform: pick(random, [
        ['wechat', 60],
        ['alipay', 35],
        ['digitalRmb', 5],
      ] as const),
      paymentType: pick(random, [
        ['scan', 60],
        ['program', 30],
        ['face', 8],
        ['app', 2],
      ] as const),
    };
    // One sale in twenty is a staff member's, card read, at the staff price.
    if (!m.payments && m.customerStaffCards.length && random() < 0.05)
      sale.customerStaffCard = m.customerStaffCards[Math.floor(random() * m.customerStaffCards.length)]!;
    // One in four is a member's: the person scanned the machine's code with the tenant's mini-program first.
    else if (state.tenantId !== null && random() < 0.25) {
      const people = await membersOf(state.tenantId);
      if (people.length) sale.memberId = people[Math.floor(random() * people.length)]!;
      // A third of them pay from their wallet (stored value): no platform number then.
      if (people.length && random() < 1 / 3) {
        sale.platform = 'wallet';
        sale.paymentType = 'program';
        delete sale.thirdPartyNumber;
      }
    }
    // And one in twenty-five a member of the mall's own programme, whose card the machine read.
    else if (random() < 0.04)
      sale.externalMember = { programme: MALL_PROGRAMME, id: `MX${1000 + Math.floor(random() * 40)}` };
    let channel: MachineState['channels'][number] | undefined;
    if (m.payments) sale.amount = 100 * Math.ceil(random() * 50);
    else {
      // Goods past their expiry are refused: the heartbeat names their channels.
      const open = state.channels.filter(
        (c) => c.enabled && !c.locked && !c.expired && c.productId !== null && c.stock > 0,
      );
      if (!open.length) return;
      channel = open[Math.floor(random() * open.length)]!;
      sale.items = [{ channel: channel.number, count: 1 }];
    }
    const started = performance.now();
    let answer = await call(m, 'order.sale', sale);
    // The wallet short (951): the person pays by WeChat instead, under the same sale id (nothing was recorded).
    if (answer.code === CODE.walletShort)
      answer = await call(m, 'order.sale', { ...sale, platform: 'wechat', thirdPartyNumber: `42${Date.now()}` });
    stats.saleLatencies.push(performance.now() - started);
    if (stats.saleLatencies.length > 2000) stats.saleLatencies.shift();
    if (answer.code === 200) {
      stats.sales++;
      if (channel) {
        channel.stock--;
        await dispense(m, sale.saleId, channel);
      }
    } else {
      stats.refused[answer.code] = (stats.refused[answer.code] ?? 0) + 1;
      // Out of step with the upstream (a refill, a lock, a sweep): ask it on the next tick.
      m.lastBeat = 0;
    }
  }

  /** The vend after the payment: most items come out; a spiral jams now and then, a channel the upstream thought full is empty, a motor or the door fails, or the machine never says (the upstream times it out). */
  async function dispense(m: Machine, saleId: string, channel: MachineState['channels'][number]) {
    const result = pick(random, OUTCOMES);
    if (result === 'silent') {
      stats.outcomes.silent = (stats.outcomes.silent ?? 0) + 1;
      return;
    }
    if (result === 'empty') channel.stock = 0;
    const answer = await call(m, 'delivery.outcome', {
      saleId,
      items: [
        result === 'delivered'
          ? { channel: channel.number, outcome: 'delivered' }
          : { channel: channel.number, outcome: 'failed', failure: result },
      ],
    });
    // Counted when the upstream took it; a refusal (1203 past the machine's rate limit) is counted as the sales' are.
    if (answer.code === 200) stats.outcomes[result] = (stats.outcomes[result] ?? 0) + 1;
    else stats.refused[answer.code] = (stats.refused[answer.code] ?? 0) + 1;
    // A failure may have locked the channel: ask on the next tick.
    if (result !== 'delivered') m.lastBeat = 0;
  }

  /** A fridge's readings due, sent; an excursion newly open makes the machine ask for its channels (now locked). */
  async function sense(m: Machine, now: number) {
    const readings = readingsDue(m.sensor!, now, random, opts.fridge);
    if (!readings.length) return;
    const answer = await call(m, 'fresh.temperatureReport', { readings });
    if (answer.code !== 200) {
      stats.refused[answer.code] = (stats.refused[answer.code] ?? 0) + 1;
      return;
    }
    stats.readings += readings.length;
    const open = (answer.content as { excursion: { id: number } | null }).excursion?.id ?? null;
    if (open !== null && open !== m.excursion) {
      stats.excursions++;
      m.lastBeat = 0;
      log(`${m.serial} out of its temperature range`);
    }
    m.excursion = open;
  }

  async function tick(m: Machine) {
    const now = Date.now();
    if (now < m.silentUntil) return;
    // The readings first: an excursion they open makes the beat below fetch the channels it locked, before a sale.
    if (m.sensor) await sense(m, now);
    if (!m.state || now - m.lastBeat >= heartbeatMs) await beat(m);
    if (!m.state) return;
    const simHours = (tickMs * speed) / HOUR;
    if (m.faultUntil && now >= m.faultUntil) {
      await call(m, 'device.recover', {});
      m.faultUntil = 0;
    } else if (!m.faultUntil && random() < FAULT_PER_HOUR * simHours) {
      const [code, message] = FAULTS[Math.floor(random() * FAULTS.length)]!;
      await call(m, 'device.fault', { code, message });
      // Two to ten simulated minutes, at least until the next tick.
      m.faultUntil = now + Math.max(tickMs, ((2 + random() * 8) * 60_000) / speed);
      stats.faults++;
      log(`${m.serial} fault ${code}`);
    }
    if (random() < (opts.silencePerHour ?? SILENCE_PER_HOUR) * (tickMs / HOUR)) {
      m.silentUntil = now + PRESENCE.offlineAfterMs + (30 + random() * 180) * 1000;
      stats.silences++;
      log(`${m.serial} falls silent`);
      return;
    }
    const selling = m.state.channels.filter((c) => c.productId !== null && c.enabled);
    // A fridge's fresh food comes with its batches through the console's refill: a count raising it by hand would
    // only be held in the quarantine (docs/domains/fresh.md#quarantine).
    if (
      !m.payments &&
      !m.sensor &&
      selling.length &&
      selling.filter((c) => c.stock <= 1).length > selling.length / 2 &&
      random() < 0.2 * simHours * 24
    ) {
      await call(m, 'device.stockReport', {
        channels: selling.map((c) => ({ number: c.number, stock: m.state!.capacity })),
      });
      m.lastBeat = 0;
      stats.refills++;
      log(`${m.serial} restocked by hand`);
    }
    // Locked, faulted or installing an update: no sales.
    if (m.state.locked || m.faultUntil || m.updating) return;
    const hour = ((opts.clock?.() ?? new Date()).getUTCHours() + 8) % 24;
    const expected = SALES_PER_HOUR[hour]! * simHours;
    const count = Math.floor(expected) + (random() < expected % 1 ? 1 : 0);
    for (let i = 0; i < count; i++) await sell(m);
  }

  let running = true;
  const stopped = new AbortController();
  const sleep = (ms: number) => wait(ms, undefined, { signal: stopped.signal }).catch(() => {});
  const updates = {
    url: opts.url,
    randomFor: (serial: string, attempt: number) =>
      opts.updateSeed === undefined ? random : seeded(attemptSeed(opts.updateSeed, serial, attempt)),
    failures: opts.updateFailures ?? UPDATE_FAILURES,
    pace: speed,
    sleep,
    log,
    stats,
  };
  const loops = machines.map(async (m, i) => {
    // Spread the machines over one tick so they do not all call at once.
    await sleep((tickMs * i) / machines.length);
    while (running) {
      try {
        await tick(m);
      } catch (err) {
        stats.errors++;
        if (stats.errors % 20 === 1) log(`${m.serial}: ${(err as Error).message}`);
      }
      await sleep(tickMs);
    }
  });
  let stopping: Promise<void> | undefined;
  return {
    stats,
    stop: () =>
      (stopping ??=
        ((running = false),
        stopped.abort(),
        Promise.all([...loops, ...machines.map((m) => m.updating)]).then(() => {}))),
  };
}

/** Percentile of a sample (nearest rank). */
export function percentile(sample: readonly number[], p: number): number {
  if (!sample.length) return 0;
  const sorted = [...sample].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Whether and how a demo upstream runs the simulator: on with the demo data
 * unless SIMULATE=0, at SIMULATE_SPEED times real pace (default 1).
 */
export function simulateFromEnv(env: NodeJS.ProcessEnv): Omit<SimulatorOptions, 'url'> | false {
  if (env.DEMO_DATA === '0' || env.SIMULATE === '0') return false;
  const speed = Number(env.SIMULATE_SPEED || 1);
  return { speed: Number.isFinite(speed) && speed > 0 ? speed : 1 };
}
