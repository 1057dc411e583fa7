/**
 * Test support for the core: the reference upstream, a recording proxy in
 * front of it (to see what the core really sends), and small scripted HTTP
 * servers for answers the reference upstream never gives. axios always runs
 * for real; nothing here replaces it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { startServer } from '../../server/start.js';
import { demoPglite } from '../server/helpers.js';
import { EVENTS_PATH } from '../../shared/api/events.js';
import { createCore, type Core, type CoreOptions } from '../../electron/core/core.js';
import { memoryPrefs } from '../../electron/core/prefs.js';
import { memoryVault } from '../../electron/core/vault.js';

export const DEMO_PASSWORD = 'Demo@2026';

export interface Upstream {
  url: string;
  close(): Promise<void>;
}

/** The reference upstream on a copy of the worker's demo template (tests/server/helpers.ts). */
export const startUpstream = async (): Promise<Upstream> =>
  startServer({ port: 0, databaseUrl: 'memory://', database: await demoPglite(), demoData: true });

/** A desktop core on `upstream` with memory stores and no event stream; `extra` adds what the test is about. */
export const desktopCore = (upstream: Upstream, extra: Partial<CoreOptions> = {}): Core =>
  createCore({
    upstreamUrl: upstream.url,
    vault: memoryVault(),
    prefs: memoryPrefs(),
    mode: 'desktop',
    version: '1',
    events: false,
    ...extra,
  });

export interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Recorder {
  url: string;
  seen: Seen[];
  close(): Promise<void>;
}

const listen = async (server: http.Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

const closeServer = (server: http.Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/** A proxy to `target` that records every request it forwards but the live-event stream. */
export async function recordingProxy(target: string): Promise<Recorder> {
  const seen: Seen[] = [];
  const server = http.createServer(async (req, res) => {
    const body = await readBody(req);
    // The live-event feed's stream (opened after each sign-in, again after each drop) comes and goes on its own
    // clock: recorded, it would fall between a call and the test's look at the last request.
    if (req.url !== EVENTS_PATH)
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    const upstream = await fetch(new URL(req.url ?? '/', target), {
      method: req.method ?? 'GET',
      headers: Object.fromEntries(
        Object.entries(req.headers).filter(
          ([k, v]) => typeof v === 'string' && !['host', 'connection', 'content-length'].includes(k),
        ),
      ) as Record<string, string>,
      ...(body && req.method !== 'GET' && req.method !== 'HEAD' ? { body } : {}),
    });
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  const url = await listen(server);
  return { url, seen, close: () => closeServer(server) };
}

export interface Scripted {
  status: number;
  body: unknown;
  /** Sent as is when a string (not JSON-encoded). */
  raw?: boolean;
}

/** An HTTP server answering each request with `answer(req)`; it records what it got. */
export async function scriptedServer(answer: (seen: Seen) => Scripted): Promise<Recorder> {
  const seen: Seen[] = [];
  const server = http.createServer(async (req, res) => {
    const body = await readBody(req);
    const got = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
    seen.push(got);
    const a = answer(got);
    res.writeHead(a.status, { 'content-type': a.raw ? 'text/html' : 'application/json' });
    res.end(a.raw ? String(a.body) : JSON.stringify(a.body));
  });
  const url = await listen(server);
  return { url, seen, close: () => closeServer(server) };
}

/** A server that accepts requests and never answers them. */
export async function silentServer(): Promise<Recorder> {
  const seen: Seen[] = [];
  const server = http.createServer((req) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: '' });
  });
  const url = await listen(server);
  return { url, seen, close: () => closeServer(server) };
}

/** An address where nothing listens (a port freed right after binding it). */
export async function deadAddress(): Promise<string> {
  const server = http.createServer();
  const url = await listen(server);
  await closeServer(server);
  return url;
}

/**
 * A real upstream behind a recording proxy for the tests of one file: started
 * before them, closed after. Read `env.upstream` and `env.proxy` inside tests.
 */
export function upstreamBehindProxy(): { readonly upstream: Upstream; readonly proxy: Recorder } {
  const env = {} as { upstream: Upstream; proxy: Recorder };
  beforeAll(async () => {
    env.upstream = await startUpstream();
    env.proxy = await recordingProxy(env.upstream.url);
  });
  afterAll(async () => {
    await env.proxy.close();
    await env.upstream.close();
  });
  return env;
}
