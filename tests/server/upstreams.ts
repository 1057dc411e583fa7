/**
 * Upstream processes of their own for the tests that kill one (SIGKILL,
 * nothing closed) and watch another carry on: each `node --import tsx
 * server/main.ts` on the suite's PostgreSQL database (two processes need a
 * database both reach: PostgreSQL only), without demo data or simulator.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { postgresUrl } from './helpers.js';

export interface Upstream {
  url: string;
  child: ChildProcess;
  /** SIGKILL, and wait until the process is gone. */
  kill(): Promise<void>;
  /** What the process wrote to stderr (the last 20 000 characters): why it died, when it did. */
  stderr(): string;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** An upstream on the suite's database (with `env` beside it): its URL once it answers. */
export async function upstream(env: NodeJS.ProcessEnv = {}): Promise<Upstream> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      STORAGE_DIR: '',
      ...env,
      PORT: String(port),
      DATABASE_URL: postgresUrl!,
      DEMO_DATA: '0',
      SIMULATE: '0',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString('utf8')).slice(-20_000);
  });
  const stderr = () => errors;
  const url = `http://127.0.0.1:${port}`;
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await gone;
  };
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, child, kill, stderr };
    await new Promise((r) => setTimeout(r, 100));
  }
  await kill();
  throw new Error('the upstream did not start');
}

/** Waits until `check` holds, asking every 200 ms, for `ms` at most. */
export async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}
