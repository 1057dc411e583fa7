/**
 * What `npm run load` stands its upstreams on and behind: a throwaway
 * PostgreSQL cluster (unless BENCH_DATABASE_URL names a database to empty)
 * and nginx from the system, started on loopback with a configuration of its
 * own in a temporary directory, spreading requests over the upstreams and
 * adding the client's address to X-Forwarded-For as the operations docs say.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, until } from '../scripts/upstream-process.js';

export interface Stopping {
  url: string;
  stop(): Promise<void>;
}

/** The newest PostgreSQL binaries Debian installed. */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(a) - Number(b)) : [];
  if (!versions.length)
    throw new Error('load: no PostgreSQL in /usr/lib/postgresql (apt install postgresql), nor BENCH_DATABASE_URL');
  return join(root, versions.at(-1)!, 'bin');
}

/** A PostgreSQL cluster of its own in a temporary directory, on a free port; as `postgres` when run as root (PostgreSQL refuses root). */
export async function throwawayPostgres(): Promise<Stopping> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'vend-load-pg-'));
  const root = process.getuid?.() === 0;
  if (root) chownSync(dir, Number(spawnSync('id', ['-u', 'postgres']).stdout.toString().trim()), 0);
  const as = (command: string) => {
    const run = root ? spawnSync('su', ['postgres', '-c', command]) : spawnSync('sh', ['-c', command]);
    if (run.status !== 0) throw new Error(`load: ${command}: ${run.stderr.toString()}`);
  };
  const port = await freePort();
  as(`${bin}/initdb -D ${dir}/data -A trust -U postgres > /dev/null`);
  // A back office's server would have more than the defaults' 100 connections and 128 MB of shared buffers;
  // pg_stat_statements says which statements the load spent PostgreSQL's time on (bench/load.ts prints them).
  as(
    `${bin}/pg_ctl -D ${dir}/data -l ${dir}/log -w -o "-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c shared_buffers=512MB -c shared_preload_libraries=pg_stat_statements" start > /dev/null`,
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      as(`${bin}/pg_ctl -D ${dir}/data -m fast stop > /dev/null`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** nginx on a free loopback port in front of `upstreams` (host:port), keeping connections to them open. */
export async function nginx(upstreams: readonly number[]): Promise<Stopping> {
  const dir = mkdtempSync(join(tmpdir(), 'vend-load-nginx-'));
  const port = await freePort();
  const conf = `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream vend { ${upstreams.map((p) => `server 127.0.0.1:${p};`).join(' ')} keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://vend;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
    }
  }
}
`;
  writeFileSync(join(dir, 'nginx.conf'), conf);
  const bin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(existsSync);
  if (!bin) throw new Error('load: nginx is not installed (apt install nginx)');
  const child: ChildProcess = spawn(bin, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], {
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  await until(() =>
    fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    ),
  );
  return {
    url,
    stop: async () => {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGQUIT');
      await gone;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The statements PostgreSQL spent most time on since `reset` (pg_stat_statements, where the cluster loads it). */
export async function busiestStatements(url: string, reset = false, top = 10): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create extension if not exists pg_stat_statements');
    if (reset) {
      await client.query('select pg_stat_statements_reset()');
      return [];
    }
    const { rows } = await client.query<{ ms: number; calls: string; mean: number; query: string }>(
      `select total_exec_time::float8 as ms, calls, mean_exec_time::float8 as mean, query
         from pg_stat_statements order by total_exec_time desc limit $1`,
      [top],
    );
    return rows.map(
      (r) =>
        `${r.ms.toFixed(0).padStart(7)} ms ${String(r.calls).padStart(7)} calls ${r.mean.toFixed(2).padStart(7)} ms each  ${r.query.replace(/\s+/g, ' ').slice(0, 150)}`,
    );
  } catch {
    return []; // Not loaded in a database the bench was given: nothing to say.
  } finally {
    await client.end();
  }
}
