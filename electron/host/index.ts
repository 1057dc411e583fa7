/**
 * Browser mode's host (ARCHITECTURE §1, §6): the same core served to a normal
 * browser on 127.0.0.1. It serves the built renderer (with an SPA fallback)
 * and carries the bridge, to browsers that came in through a launch URL:
 *
 *   GET /launch?t=<token>        the URL the host prints; the token works once and
 *                                expires (launch.ts) → 303 to / with the session cookie
 *   POST /bridge/<op>            body: the op's input as JSON (empty = none)
 *   GET /bridge/events           the session's live events (server-sent events,
 *                                one `data:` per BridgeEvent), for the page's EventSource
 *   Cookie: vend-console-<port>  required; set by /launch (HttpOnly, SameSite=Strict)
 *   x-vend-epoch: <epoch>        the session the page believes current (optional;
 *                                a stale one is refused: shared/ipc.ts SESSION_CHANGED)
 *   Origin: http://127.0.0.1:P   when present it must be the host's own origin
 *   → 200 { ok: true, content } | { ok: false, error }   (a CallResult)
 *   → 403 CallResult without the cookie (code consoleNotLaunched: a text the
 *     page shows) or from a foreign origin
 *
 * Pages (documents) without the cookie get a short refusal page instead of
 * the console. The renderer's files themselves are served to anyone: they
 * hold nothing that opens the bridge.
 */
import { timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { api, CODE, ERRORS } from '../../shared/domains.js';
import type { EndpointDef } from '../../shared/api/define.js';
import { LANGS } from '../../shared/i18n/define.js';
import { epochOf, type CallResult } from '../../shared/ipc.js';
import { FILE_CACHE_CONTROL } from '../../shared/file/index.js';
import type { Core } from '../core/core.js';
import { HASHED_ASSET_CACHE_CONTROL, isHashedAsset, looksLikeFile } from '../core/assets.js';
import { SECURITY_HEADERS } from '../core/security.js';
import {
  cookieNameOf,
  cookieOf,
  createLaunchGate,
  LAUNCH_PARAM,
  LAUNCH_PATH,
  sessionCookie,
  throttle,
} from './launch.js';

export interface HostOptions {
  /** 0 picks a free port. */
  port: number;
  /** Loopback only by default; the host is not meant for a network. */
  host?: string;
  core: Core;
  /** The built renderer (dist/renderer): index.html and its assets. */
  rendererDir: string;
  logger?: boolean;
  /**
   * Told a fresh launch URL when a browser without a session asks for a page
   * or the bridge (at most every LAUNCH_REPRINT_MS): the scripts print it, so
   * the terminal always holds a usable one. Reaches only whoever started the host.
   */
  onLaunchWanted?: (launchUrl: string) => void;
  /**
   * Test runs only (VEND_TEST_LAUNCH_KEY, which playwright.config.ts gives the
   * web server it starts): `POST /launch/mint` with this key in
   * `x-vend-launch-key` answers `{ url }`, a new launch URL. Absent: no such route.
   */
  mintKey?: string;
}

export interface Host {
  /** The console's origin, e.g. `http://127.0.0.1:5180` (no trailing slash). */
  url: string;
  /** Mints a new single-use launch URL (`<url>/launch?t=…`) for the terminal. */
  launchUrl(): string;
  close(): Promise<void>;
}

export const EPOCH_HEADER = 'x-vend-epoch';
export const MINT_KEY_HEADER = 'x-vend-launch-key';
export const MINT_PATH = `${LAUNCH_PATH}/mint`;
/**
 * Test runs only, with the mint key: stands in for the desktop's application
 * menu, which browser mode has none of. `POST` `{ command }` (app-menu.ts's
 * commands) reaches every page as topic `menu`, as main sends it to the
 * focused window.
 */
export const MENU_PATH = `${LAUNCH_PATH}/menu`;
/** A shorter test key is refused at start: it must not be guessable. */
export const MIN_MINT_KEY_LENGTH = 32;
export const BRIDGE_PREFIX = '/bridge/';
/** A comment line this often keeps an idle event stream open through proxies and sleep. */
const EVENT_PING_MS = 25_000;
export const LAUNCH_REPRINT_MS = 10_000;
/** A call's body on the bridge, unless its operation says more. */
const BRIDGE_BODY_LIMIT = 1024 * 1024;
/** What a call adds around an operation's own body: its params and the JSON of the call. */
const CALL_ENVELOPE = 64 * 1024;
/** The bridge body of one image upload: 2 MB as base64 (4/3) plus its JSON envelope. */
export const UPLOAD_BODY_LIMIT = 3 * 1024 * 1024;
/** The message of the bridge's refusal without a session (the page shows the code's text). */
export const NOT_LAUNCHED = 'not launched';

const refusal = (code: number, message: string): CallResult<never> => ({
  ok: false,
  error: { source: 'local', code, status: 0, message },
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page a browser without a session gets: the consoleNotLaunched text in
 * every language (the user's choice lives in the console this page stands in
 * for). No script, nothing to call the bridge with.
 */
export function notLaunchedPage(): string {
  const texts = ERRORS[CODE.consoleNotLaunched]?.texts;
  const lines = LANGS.map((lang) => `<p lang="${lang}">${escapeHtml(texts?.[lang] ?? '')}</p>`).join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Vend Console</title></head><body style="font-family:sans-serif;max-width:40em;margin:4em auto;line-height:1.6">${lines}</body></html>`;
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

const sameKey = (given: unknown, key: string): boolean => {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
};

export async function startHost(opts: HostOptions): Promise<Host> {
  if (opts.mintKey !== undefined && opts.mintKey.length < MIN_MINT_KEY_LENGTH) {
    throw new Error(`the launch mint key must be at least ${MIN_MINT_KEY_LENGTH} characters`);
  }
  const hostname = opts.host ?? '127.0.0.1';
  const rendererDir = path.resolve(opts.rendererDir);
  const indexFile = path.join(rendererDir, 'index.html');
  /** Origins the bridge accepts: the host's own (known once it listens). */
  const origins = new Set<string>();
  /** Host headers served on a loopback bind (DNS rebinding must not reach the console). */
  const hosts = new Set<string>();
  const loopback = hostname === '127.0.0.1' || hostname === '::1' || hostname === 'localhost';
  const gate = createLaunchGate();
  /** Both known once the host listens (the cookie's name carries the port). */
  let origin = '';
  let cookieName = '';

  const launchUrl = () => `${origin}${LAUNCH_PATH}?${LAUNCH_PARAM}=${gate.mint()}`;
  const { onLaunchWanted } = opts;
  const launchWanted = onLaunchWanted ? throttle(() => onLaunchWanted(launchUrl()), LAUNCH_REPRINT_MS) : () => {};
  const admitted = (req: FastifyRequest) => gate.admits(cookieOf(req.headers.cookie, cookieName));

  // Closing ends every connection, not only idle ones: an event stream's socket must not hold the host open.
  const app = Fastify({ logger: opts.logger ?? false, bodyLimit: BRIDGE_BODY_LIMIT, forceCloseConnections: true });

  const pathOf = (req: FastifyRequest) => req.url.split('?')[0] ?? '/';
  const isBridge = (req: FastifyRequest) => pathOf(req) === '/bridge' || pathOf(req).startsWith(BRIDGE_PREFIX);
  const isPage = (req: FastifyRequest) => isPageRequest(req.method, pathOf(req), req.headers['sec-fetch-dest']);

  // Every answer — pages, assets, bridge, errors — carries the security headers.
  app.addHook('onSend', async (_req, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    return payload;
  });

  app.addHook('onRequest', async (req, reply) => {
    if (loopback && !hosts.has(req.headers.host ?? '')) {
      return reply.code(403).send(refusal(CODE.forbidden, 'foreign host'));
    }
    // No session, no bridge: refused before its body is even read.
    if (isBridge(req) && !admitted(req)) {
      launchWanted();
      return reply.code(403).header('Cache-Control', 'no-store').send(refusal(CODE.consoleNotLaunched, NOT_LAUNCHED));
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

  const refusePage = (reply: FastifyReply) => {
    launchWanted();
    return reply.code(403).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(notLaunchedPage());
  };

  /** The console's index.html to a browser with a session; the refusal page to any other caller. */
  const sendIndex = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!admitted(req)) return refusePage(reply);
    let html: string;
    try {
      html = await readFile(indexFile, 'utf8');
    } catch {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('The renderer is not built (dist/renderer/index.html is missing).');
    }
    return reply.code(200).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
  };

  await app.register(fastifyStatic, {
    root: rendererDir,
    // index.html is always served by sendIndex, behind the session check.
    index: false,
    allowedPath: (pathName) => pathName !== '/index.html',
    dotfiles: 'deny',
    redirect: false,
    // Vite names every built asset by its content's hash: a browser need not ask again (no 304 round trip per chunk
    // on every reload).
    setHeaders: (reply, file) => {
      if (isHashedAsset(file)) reply.header('Cache-Control', HASHED_ASSET_CACHE_CONTROL);
    },
  });

  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);

  // The launch: a valid token becomes a session cookie, once. No HEAD route:
  // a HEAD (a link checker, a preview) must not spend the token.
  app.get(LAUNCH_PATH, { exposeHeadRoute: false }, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const cookie = gate.exchange((req.query as Record<string, unknown>)[LAUNCH_PARAM]);
    if (cookie)
      return reply.code(303).header('Set-Cookie', sessionCookie(cookieName, cookie)).header('Location', '/').send();
    // A second click on the same printed URL from a browser already in: nothing to refuse.
    if (admitted(req)) return reply.code(303).header('Location', '/').send();
    return refusePage(reply);
  });

  const { mintKey } = opts;
  if (mintKey !== undefined) {
    app.post(MINT_PATH, async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (!sameKey(req.headers[MINT_KEY_HEADER], mintKey))
        return reply.code(403).send(refusal(CODE.forbidden, 'bad launch key'));
      return reply.code(200).send({ url: launchUrl() });
    });
    app.post(MENU_PATH, async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (!sameKey(req.headers[MINT_KEY_HEADER], mintKey))
        return reply.code(403).send(refusal(CODE.forbidden, 'bad launch key'));
      const command = (req.body as { command?: unknown } | undefined)?.command;
      if (typeof command !== 'string') return reply.code(400).send(refusal(CODE.badRequest, 'no command'));
      const event = { topic: 'menu', data: { command }, epoch: opts.core.session.epoch() };
      for (const send of pages) send(event);
      return reply.code(200).send({ pages: pages.size });
    });
  }

  const bridge = async (req: FastifyRequest, op: string, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-store');
    const from = req.headers.origin;
    if (from !== undefined && !origins.has(from))
      return reply.code(403).send(refusal(CODE.forbidden, 'foreign origin'));
    const epoch = epochOf({ epoch: req.headers[EPOCH_HEADER] });
    const result = await opts.core.call(op, req.body, epoch === undefined ? {} : { epoch });
    return reply.code(200).send(result);
  };
  app.post<{ Params: { op: string } }>(`${BRIDGE_PREFIX}:op`, async (req, reply) => bridge(req, req.params.op, reply));
  // An image travels as base64 in the call: room for 2 MB of it (shared/file IMAGE_MAX_BYTES), on this operation only.
  app.post(`${BRIDGE_PREFIX}file.upload`, { bodyLimit: UPLOAD_BODY_LIMIT }, async (req, reply) =>
    bridge(req, 'file.upload', reply),
  );
  // Operations whose own body is larger than the bridge's megabyte (a firmware file's part): their limit, and room for the call around it.
  for (const [op, def] of Object.entries(api) as [string, EndpointDef][]) {
    if (def.bodyLimit === undefined || def.bodyLimit <= BRIDGE_BODY_LIMIT) continue;
    app.post(`${BRIDGE_PREFIX}${op}`, { bodyLimit: def.bodyLimit + CALL_ENVELOPE }, async (req, reply) =>
      bridge(req, op, reply),
    );
  }

  // The core's live events, relayed to the page (same origin, the launch cookie: the onRequest gate applies).
  const streams = new Set<() => void>();
  /** Each open stream's writer: the test menu (MENU_PATH) writes to them. */
  const pages = new Set<(event: unknown) => void>();
  app.get(`${BRIDGE_PREFIX}events`, async (req, reply) => {
    reply.hijack();
    const res = reply.raw;
    // A hijacked answer skips the onSend hook: the security headers go on here.
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.write(': connected\n\n');
    const send = (event: unknown) => res.write(`data: ${JSON.stringify(event)}\n\n`);
    const unsubscribe = opts.core.subscribe(send);
    pages.add(send);
    const ping = setInterval(() => {
      res.write(': ping\n\n');
    }, EVENT_PING_MS);
    const end = () => {
      if (!streams.delete(end)) return;
      pages.delete(send);
      clearInterval(ping);
      unsubscribe();
      res.end();
    };
    streams.add(end);
    res.on('close', end);
  });
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });

  // Images by URL (`<img src="/files/<id>">`, allowed by the CSP's img-src 'self'): the core fetches them with the session's token.
  app.get<{ Params: { id: string } }>('/files/:id', async (req, reply) => {
    if (!admitted(req))
      return reply.code(403).header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send('Forbidden');
    const result = await opts.core.file(req.params.id);
    if (!result.ok)
      return reply.code(404).header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send('Not found');
    return reply
      .code(200)
      .header('Cache-Control', FILE_CACHE_CONTROL)
      .type(result.content.mime)
      .send(Buffer.from(result.content.bytes));
  });

  app.setNotFoundHandler((req, reply) => {
    if (isPage(req)) return sendIndex(req, reply);
    if (isBridge(req)) return reply.code(404).send(refusal(CODE.notFound, 'not found'));
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });

  app.setErrorHandler((err: { statusCode?: number }, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    // The file server refuses some route paths (a double slash: 403); a page
    // gets the SPA, whose router shows its 404, never a bridge refusal as JSON.
    if ((status === 403 || status === 404) && isPage(req)) return sendIndex(req, reply);
    // Files answer in plain text; CallResults are the bridge's alone.
    if (!isBridge(req) && (status === 403 || status === 404)) {
      return reply
        .code(status)
        .type('text/plain; charset=utf-8')
        .send(status === 403 ? 'Forbidden' : 'Not found');
    }
    return reply
      .code(status)
      .send(
        refusal(status === 500 ? CODE.serverError : CODE.badRequest, status === 500 ? 'host error' : 'bad request'),
      );
  });

  await app.listen({ port: opts.port, host: hostname });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  const shownHost = hostname.includes(':') ? `[${hostname}]` : hostname;
  origin = `http://${shownHost}:${port}`;
  cookieName = cookieNameOf(port);
  origins.add(origin);
  hosts.add(`${shownHost}:${port}`);
  // On a loopback bind, the same page opened as localhost is the same machine.
  if (loopback) {
    origins.add(`http://localhost:${port}`);
    hosts.add(`localhost:${port}`);
  }

  return {
    url: origin,
    launchUrl,
    close: () => app.close(),
  };
}
