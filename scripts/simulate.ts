/**
 * `npm run simulate`: the demo machines against a running upstream, through
 * its device-facing API only (server/simulator.ts).
 *   UPSTREAM_URL    default http://127.0.0.1:8090 (npm run server)
 *   SIMULATE_SPEED  simulated hours per real hour for sales and faults (default 60: an hour a minute)
 *   SIMULATE_SECONDS  stop after this long (default: run until Ctrl+C)
 * Prints what the machines did and the sale round trip every 30 s.
 */
import { percentile, startSimulator } from '../server/simulator.js';

const url = process.env.UPSTREAM_URL || 'http://127.0.0.1:8090';
const speed = Number(process.env.SIMULATE_SPEED || 60);
const seconds = Number(process.env.SIMULATE_SECONDS || 0);
if (!(speed > 0) || !(seconds >= 0)) {
  console.error('SIMULATE_SPEED must be a positive number and SIMULATE_SECONDS zero or more');
  process.exit(1);
}

const sim = startSimulator({ url, speed, log: (line) => console.log(line) });
console.log(`Simulating the demo machines against ${url} at ${speed}× (Ctrl+C stops)`);
const report = () => {
  const { stats } = sim;
  console.log(
    `heartbeats ${stats.heartbeats}, sales ${stats.sales}, refused ${JSON.stringify(stats.refused)}, faults ${stats.faults}, silences ${stats.silences}, refills ${stats.refills}, errors ${stats.errors}; ` +
      `sale round trip p50 ${percentile(stats.saleLatencies, 50).toFixed(1)} ms, p95 ${percentile(stats.saleLatencies, 95).toFixed(1)} ms`,
  );
};
const timer = setInterval(report, 30_000);
const stop = async () => {
  clearInterval(timer);
  await sim.stop();
  report();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
if (seconds) setTimeout(stop, seconds * 1000);
