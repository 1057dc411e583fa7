/**
 * Browser mode's host (ARCHITECTURE §1): the same core served to a normal
 * browser on 127.0.0.1. It serves the built renderer (with an SPA fallback),
 * hands the page a per-launch secret in a meta tag, and carries the bridge:
 *
 *   POST /bridge/<op>            body: the op's input as JSON (empty = none)
 *   x-vend-secret: <secret>      required; the secret of this launch
 *   x-vend-epoch: <epoch>        the session the page believes current (optional;
 *                                a stale one is refused: shared/ipc.ts SESSION_CHANGED)
 *   Origin: http://127.0.0.1:P   when present it must be the host's own origin
 *   → 200 { ok: true, content } | { ok: false, error }   (a CallResult)
 *   → 403 CallResult (local 403) without the right secret or from a foreign origin
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { CODE } from '../../shared/domains.js';
import { epochOf, type CallResult } from '../../shared/ipc.js';
import type { Core } from '../core/core.js';
import { looksLikeFile } from '../core/assets.js';
import { SECURITY_HEADERS } from '../core/security.js';

export interface HostOptions {
  /** 0 picks a free port. */
  port: number;
  /** Loopback only by default; the host is not meant for a network. */
  host?: string;
  core: Core;
  /** The built renderer (dist/renderer): index.html and its assets. */
  rendererDir: string;
  logger?: boolean;
}

export interface Host {
  /** The console's origin, e.g. `http://127.0.0.1:5180` (no trailing slash). */
  url: string;
  /** This launch's bridge secret (also in index.html's `<meta name="vend-bridge">`). */
  secret: string;
  close(): Promise<void>;
}

export const SECRET_HEADER = 'x-vend-secret';
export const EPOCH_HEADER = 'x-vend-epoch';
export const SECRET_META = 'vend-bridge';
export const BRIDGE_PREFIX = '/bridge/';

const refusal = (code: number, message: string): CallResult<never> => ({
  ok: false,
  error: { source: 'local', code, status: 0, message },
});

/** Puts the secret into `<head>` as `<meta name="vend-bridge" content="…">`. */
export function injectSecret(html: string, secret: string): string {
  const meta = `<meta name="${SECRET_META}" content="${secret}">`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return meta + html;
  const at = head.index + head[0].length;
  return html.slice(0, at) + meta + html.slice(at);
}

/**
 * A request the SPA answers with index.html: a GET or HEAD outside the
 * bridge for a route (no file extension), or whatever the browser loads as a
 * document — `/redirect//evil.com` is a route of ours even though it ends
 * like a file name and holds a double slash the file server refuses.
 */
export function isPageRequest(method: string, urlPath: string, fetchDest: unknown): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (urlPath === '/bridge' || urlPath.startsWith(BRIDGE_PREFIX)) return false;
  return fetchDest === 'document' || !looksLikeFile(urlPath);
}

const sameSecret = (given: unknown, secret: string): boolean => {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
};

export async function startHost(opts: HostOptions): Promise<Host> {
  const hostname = opts.host ?? '127.0.0.1';
  const secret = randomBytes(32).toString('hex');
  const rendererDir = path.resolve(opts.rendererDir);
  const indexFile = path.join(rendererDir, 'index.html');
  /** Origins the bridge accepts: the host's own (known once it listens). */
  const origins = new Set<string>();
  /** Host headers served on a loopback bind (DNS rebinding must not reach the page and its secret). */
  const hosts = new Set<string>();
  const loopback = hostname === '127.0.0.1' || hostname === '::1' || hostname === 'localhost';

  const app = Fastify({ logger: opts.logger ?? false, bodyLimit: 1024 * 1024 });

  // Every answer — pages, assets, bridge, errors — carries the security headers.
  app.addHook('onSend', async (_req, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    return payload;
  });

  app.addHook('onRequest', async (req, reply) => {
    if (loopback && !hosts.has(req.headers.host ?? '')) {
      return reply.code(403).send(refusal(CODE.forbidden, 'foreign host'));
    }
  });

  // JSON bodies as usual (with prototype-poisoning protection); an empty body is "no input".
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    defaultJson(req, text, done);
  });

  const sendIndex = async (reply: FastifyReply) => {
    let html: string;
    try {
      html = await readFile(indexFile, 'utf8');
    } catch {
      return reply.code(404).type('text/plain; charset=utf-8').send('The renderer is not built (dist/renderer/index.html is missing).');
    }
    return reply
      .code(200)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(injectSecret(html, secret));
  };

  await app.register(fastifyStatic, {
    root: rendererDir,
    // index.html is always served by sendIndex, with the secret.
    index: false,
    allowedPath: (pathName) => pathName !== '/index.html',
    dotfiles: 'deny',
    redirect: false,
  });

  app.get('/', (_req, reply) => sendIndex(reply));
  app.get('/index.html', (_req, reply) => sendIndex(reply));

  app.post<{ Params: { op: string } }>(`${BRIDGE_PREFIX}:op`, async (req: FastifyRequest<{ Params: { op: string } }>, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!sameSecret(req.headers[SECRET_HEADER], secret)) return reply.code(403).send(refusal(CODE.forbidden, 'bad bridge secret'));
    const from = req.headers.origin;
    if (from !== undefined && !origins.has(from)) return reply.code(403).send(refusal(CODE.forbidden, 'foreign origin'));
    const epoch = epochOf({ epoch: req.headers[EPOCH_HEADER] });
    const result = await opts.core.call(req.params.op, req.body, epoch === undefined ? {} : { epoch });
    return reply.code(200).send(result);
  });

  const pathOf = (req: FastifyRequest) => req.url.split('?')[0] ?? '/';
  const isPage = (req: FastifyRequest) => isPageRequest(req.method, pathOf(req), req.headers['sec-fetch-dest']);

  app.setNotFoundHandler((req, reply) => {
    if (isPage(req)) return sendIndex(reply);
    if (pathOf(req).startsWith(BRIDGE_PREFIX)) return reply.code(404).send(refusal(CODE.notFound, 'not found'));
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });

  app.setErrorHandler((err: { statusCode?: number }, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    // The file server refuses some route paths (a double slash: 403); a page
    // gets the SPA, whose router shows its 404, never a bridge refusal as JSON.
    if ((status === 403 || status === 404) && isPage(req)) return sendIndex(reply);
    // Files answer in plain text; CallResults are the bridge's alone.
    if (!pathOf(req).startsWith(BRIDGE_PREFIX) && (status === 403 || status === 404)) {
      return reply.code(status).type('text/plain; charset=utf-8').send(status === 403 ? 'Forbidden' : 'Not found');
    }
    return reply.code(status).send(refusal(status === 500 ? CODE.serverError : CODE.badRequest, status === 500 ? 'host error' : 'bad request'));
  });

  await app.listen({ port: opts.port, host: hostname });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  const shownHost = hostname.includes(':') ? `[${hostname}]` : hostname;
  const origin = `http://${shownHost}:${port}`;
  origins.add(origin);
  hosts.add(`${shownHost}:${port}`);
  // On a loopback bind, the same page opened as localhost is the same machine.
  if (loopback) {
    origins.add(`http://localhost:${port}`);
    hosts.add(`localhost:${port}`);
  }

  return {
    url: origin,
    secret,
    close: () => app.close(),
  };
}
