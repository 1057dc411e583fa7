/**
 * An upstream in a process of its own (`node --import tsx server/main.ts`),
 * for what needs several of them on one PostgreSQL database or needs to kill
 * one (SIGKILL, nothing closed): the fault tests (tests/server/upstreams.ts)
 * and `npm run load` (bench/load.ts). No demo data and no simulator unless
 * `env` asks for them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface UpstreamProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** SIGKILL, and wait until the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (the upstream closes what it holds and exits), and wait until the process is gone. */
  stop(): Promise<void>;
  /** What the process wrote to stderr (the last 20 000 characters): why it died, when it did. */
  stderr(): string;
}

/** A TCP port nothing listens on now, on loopback. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** An upstream on `databaseUrl` (with `env` beside it): its URL once `/health` answers. */
export async function spawnUpstream(databaseUrl: string, env: NodeJS.ProcessEnv = {}): Promise<UpstreamProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      STORAGE_DIR: '',
      DEMO_DATA: '0',
      SIMULATE: '0',
      // The tests' and benches' upstreams sign members in and settle refunds through the sandboxes,
      // on PostgreSQL too (where they are off unless SANDBOX says: server/manifest.ts).
      SANDBOX: '1',
      ...env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString('utf8')).slice(-20_000);
  });
  const stderr = () => errors;
  const url = `http://127.0.0.1:${port}`;
  const end = (signal: NodeJS.Signals) => async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await gone;
  };
  const kill = end('SIGKILL');
  const stop = end('SIGTERM');
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, port, child, kill, stop, stderr };
    await new Promise((r) => setTimeout(r, 100));
  }
  await kill();
  throw new Error(`the upstream did not start: ${errors.slice(-2000)}`);
}

/** Waits until `check` holds, asking every 200 ms, for `ms` at most. */
export async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}
