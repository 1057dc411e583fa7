/**
 * How a simulated machine takes the price changes its heartbeat delivers
 * (server/simulator.ts, after each heartbeat): it sets the new prices on its
 * channels and says so through `price.report` — or, now and then, fails to
 * (its panel busy with a sale) and says why; the upstream then keeps the
 * change failed. Its sales carry the price version it reached.
 */
import { api } from '../shared/domains.js';
import type { MachineState } from '../shared/device/index.js';

/** How often a machine fails to apply a price change (a test or the bench sets its own). */
export const PRICE_FAILURE = 0.02;

export interface PricedMachine {
  serial: string;
  auth: string;
  state: MachineState | undefined;
}

/** What the machines did with price changes: applied, failed, and reports the upstream refused (a change cancelled meanwhile). */
export type PriceStats = Record<'applied' | 'failed' | 'refused', number>;

export async function applyPrices(
  url: string,
  m: PricedMachine,
  stats: PriceStats,
  random: () => number,
  failure: number = PRICE_FAILURE,
): Promise<void> {
  const state = m.state;
  if (!state) return;
  for (const offer of state.prices) {
    const failed = random() < failure;
    const res = await fetch(new URL(api['price.report'].path.replace(':id', String(offer.changeId)), url), {
      method: 'POST',
      headers: { authorization: m.auth, 'content-type': 'application/json' },
      body: JSON.stringify(failed ? { result: 'failed', reason: 'panel busy' } : { result: 'applied' }),
      signal: AbortSignal.timeout(10_000),
    });
    const answer = (await res.json()) as { code: number; content?: { version: number } };
    if (answer.code !== 200) {
      stats.refused++;
      continue;
    }
    if (failed) {
      stats.failed++;
      continue;
    }
    stats.applied++;
    state.priceVersion = answer.content!.version;
    for (const set of offer.channels) {
      const channel = state.channels.find((c) => c.number === set.number);
      if (channel) Object.assign(channel, { price: set.price, customerStaffPrice: set.customerStaffPrice });
    }
  }
  state.prices = [];
}

/**
 * The markdown ladders a heartbeat delivered (the fresh domain's push): the machine shows them on its panel at once
 * and says so through `fresh.markdownReport`; answers how many it applied (a push cancelled meanwhile is refused).
 */
export async function applyMarkdowns(url: string, m: PricedMachine): Promise<number> {
  const state = m.state;
  if (!state?.markdowns.length) return 0;
  let applied = 0;
  for (const offer of state.markdowns) {
    const res = await fetch(new URL(api['fresh.markdownReport'].path.replace(':id', String(offer.pushId)), url), {
      method: 'POST',
      headers: { authorization: m.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ result: 'applied' }),
      signal: AbortSignal.timeout(10_000),
    });
    if (((await res.json()) as { code: number }).code === 200) applied++;
  }
  state.markdowns = [];
  return applied;
}
