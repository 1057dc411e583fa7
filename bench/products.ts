/**
 * The product and category lists at the demo size, measured (the
 * "list latency"): a real upstream on in-memory PGlite with the demo
 * catalogue, the lists called over HTTP as tenant1 (a first-level tenant
 * whose scope spans its second-level tenant) with the filters a back office
 * uses. Prints p50/p95 and exits non-zero past a budget.
 */
import { performance } from 'node:perf_hooks';
import { startServer } from '../server/start.js';
import { DEMO_PASSWORD } from '../server/account/index.js';
import { setPasswordCostForTests } from '../server/account/passwords.js';

/** Budgets for one list call, p95, on this 2-core machine with the embedded database. */
const BUDGET_P95_MS = { productPage: 40, newPage: 40, categoryPage: 40 };
const RUNS = 200;

// Signing in is not what is measured here: the cheap test cost keeps the set-up short.
setPasswordCostForTests({ N: 2 ** 12, r: 8, p: 1 });
const server = await startServer({ port: 0, databaseUrl: 'memory://', demoData: true });
const basic = `Basic ${Buffer.from('vend-console:vend-console-secret').toString('base64')}`;
const tokenRes = await fetch(`${server.url}/oauth/token`, {
  method: 'POST',
  headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ grant_type: 'password', username: 'tenant1', password: DEMO_PASSWORD }),
});
const { access_token: token } = (await tokenRes.json()) as { access_token: string };

async function time(path: string, bodies: readonly object[]): Promise<{ p50: number; p95: number; total: number }> {
  const samples: number[] = [];
  let total = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(bodies[i % bodies.length]),
    });
    const body = (await res.json()) as { code: number; content: { total: number } };
    samples.push(performance.now() - started);
    if (body.code !== 200) throw new Error(`${path}: code ${body.code}`);
    if (i === 0) total = body.content.total;
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(RUNS * 0.5)]!, p95: samples[Math.floor(RUNS * 0.95)]!, total };
}

const failures: string[] = [];
try {
  const products = await time('/product/page?pageNum=1&pageSize=20', [
    {},
    { keyword: 'kele' },
    { onSale: true, sort: 'price', desc: false },
    { tag: '冰镇' },
    { keyword: 'COLA' },
    { enabled: false, sort: 'name' },
  ]);
  console.log(
    `product.page (${products.total} products in scope, 6 filter mixes): p50 ${products.p50.toFixed(1)} ms, p95 ${products.p95.toFixed(1)} ms`,
  );
  if (products.p95 > BUDGET_P95_MS.productPage)
    failures.push(`product.page p95 ${products.p95.toFixed(1)} ms > ${BUDGET_P95_MS.productPage} ms`);
  // The new library's rows carry their attribute values and recipe (a JSON subquery per row).
  const newProducts = await time('/merchandise/page?pageNum=1&pageSize=20', [
    {},
    { keyword: 'latte' },
    { keyword: 'kf' },
    { sort: 'price', desc: true },
  ]);
  console.log(
    `product.newPage (${newProducts.total} products in scope, 4 filter mixes): p50 ${newProducts.p50.toFixed(1)} ms, p95 ${newProducts.p95.toFixed(1)} ms`,
  );
  if (newProducts.p95 > BUDGET_P95_MS.newPage)
    failures.push(`product.newPage p95 ${newProducts.p95.toFixed(1)} ms > ${BUDGET_P95_MS.newPage} ms`);
  const categories = await time('/category/page?pageNum=1&pageSize=20', [{}, { keyword: 'yl' }, { keyword: 'DRINK' }]);
  console.log(
    `product.categoryPage (tree order, 3 filter mixes): p50 ${categories.p50.toFixed(1)} ms, p95 ${categories.p95.toFixed(1)} ms`,
  );
  if (categories.p95 > BUDGET_P95_MS.categoryPage)
    failures.push(`product.categoryPage p95 ${categories.p95.toFixed(1)} ms > ${BUDGET_P95_MS.categoryPage} ms`);
} finally {
  await server.close();
}
if (failures.length) {
  console.error(`bench: budgets missed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('bench: product list budgets met');
