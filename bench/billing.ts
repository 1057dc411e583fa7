/**
 * Billing, measured: a real upstream on in-memory
 * PGlite with the demo data and its job runner running, tenant1
 * renewing a device through the sandbox provider. Prints how long a renewal
 * takes from ordering to the device's new expiry (the provider's delay, when
 * the job queued with the renewal runs: the budget is that delay plus 250 ms
 * for the runner to wake and the client to look again), and the size
 * and p50 / p95 time of an invoice record, against a plain page of bills
 * measured in the same run (the record may cost at most 4× that page).
 */
import { performance } from 'node:perf_hooks';
import { setPasswordCostForTests } from '../server/account/passwords.js';
import { startServer } from '../server/start.js';
import { EXAMPLE_INVOICE, EXAMPLE_RECEIPT } from '../shared/billing/index.js';
import { at, Budgets, signIn } from './support.js';

const SETTLE_MS = 1000;
/** The runner wakes at the job's time (server/jobs/runner.ts); the client looks every 20 ms. */
const WAKE_MS = 250;
const RENEWALS = 5;
const RUNS = 100;

process.env.BILLING_SETTLE_MS = String(SETTLE_MS);
setPasswordCostForTests({ N: 2 ** 12, r: 8, p: 1 });
const server = await startServer({ port: 0, databaseUrl: 'memory://', demoData: true });
const token = await signIn(server.url, 'tenant1');
const budgets = new Budgets();

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await res.json()) as { code: number; content: T };
  if (answer.code !== 200) throw new Error(`${method} ${path}: code ${answer.code}`);
  return answer.content;
}

async function timed(work: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b);
}

try {
  const { list } = await call<{ list: { id: number; serial: string }[] }>(
    'POST',
    '/billing/devices?pageNum=1&pageSize=5',
    {},
  );
  const settled: number[] = [];
  let paidId = 0;
  for (let i = 0; i < RENEWALS; i++) {
    const started = performance.now();
    const renewal = await call<{ id: number }>('POST', '/billing/renewal', {
      deviceIds: [list[i % list.length]!.id],
      months: 12,
      platform: 'wechat',
      agreed: true,
    });
    for (;;) {
      const state = await call<{ state: string }>('GET', `/billing/renewal/${renewal.id}`);
      if (state.state === 'paid') break;
      if (state.state !== 'pending') throw new Error(`renewal ${renewal.id}: ${state.state}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    settled.push(performance.now() - started);
    paidId = renewal.id;
  }
  settled.sort((a, b) => a - b);
  console.log(
    `renewal ordered → expiry moved, ${RENEWALS} renewals, provider delay ${SETTLE_MS} ms: p50 ${at(settled, 0.5).toFixed(0)} ms`,
  );
  budgets.check('renewal to settled expiry, worst', settled.at(-1)!, SETTLE_MS + WAKE_MS, 'ms');

  const invoice = await call<{ id: number }>('POST', '/billing/invoice', {
    renewalId: paidId,
    invoice: EXAMPLE_INVOICE,
    receipt: EXAMPLE_RECEIPT,
  });
  const record = await call<{ data: string }>('GET', `/billing/invoice/${invoice.id}/record?lang=zh-CN`);
  const bytes = Buffer.from(record.data, 'base64').length;
  const records = await timed(() => call('GET', `/billing/invoice/${invoice.id}/record?lang=zh-CN`));
  const pages = await timed(() => call('POST', '/billing/bills?pageNum=1&pageSize=20', {}));
  console.log(
    `invoice record: ${bytes} bytes of xlsx; p50 ${at(records, 0.5).toFixed(1)} ms, p95 ${at(records, 0.95).toFixed(1)} ms (a page of bills: p95 ${at(pages, 0.95).toFixed(1)} ms)`,
  );
  budgets.check('invoice record p95 ÷ bill page p95', at(records, 0.95) / at(pages, 0.95), 4, '×');
  budgets.check('invoice record size', bytes / 1024, 16, 'KB');
} finally {
  await server.close();
}
budgets.finish('billing');
