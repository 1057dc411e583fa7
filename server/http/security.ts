/**
 * Response headers of the upstream: security headers on every answer, and
 * CORS only for origins named in the configuration.
 *
 * The upstream is a JSON API: the console calls it from its main process
 * (desktop) or its host (browser mode), never from a page, so no browser
 * needs to render, frame or read it cross-origin unless an operator says so.
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import cors from '@fastify/cors';

/** Turns `CORS_ORIGINS` (comma separated) into a list of origins; throws on anything that is not one. */
export function parseOrigins(text: string | undefined): string[] {
  const origins = (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const origin of origins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    // An origin is scheme://host[:port] exactly: no path, no wildcard, no trailing slash.
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin) {
      throw new Error(`CORS_ORIGINS: "${origin}" is not an origin like https://console.example.com`);
    }
  }
  return origins;
}

/**
 * The essential headers, for the one kind of answer that runs no hooks and so
 * gets none from helmet: a URL Fastify's router refuses before any route
 * (server/http/replies.ts frameworkErrors).
 */
export const BASELINE_HEADERS = {
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
} as const;

export async function registerSecurity(app: FastifyInstance, corsOrigins: readonly string[]): Promise<void> {
  // helmet itself, its headers worked out once: @fastify/helmet 13 builds the middleware again on every
  // request (parsing the policy each time), 1.5 % of a simple list request's CPU under load (bench/load.ts).
  const headers = helmet({
    // Nothing an answer holds may be run, loaded or framed; /openapi.json is data, so it is unaffected.
    // Same policy as BASELINE_HEADERS (helmet joins the directives with ';').
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) =>
    headers(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  // No list, no plugin: without CORS headers a browser page of another origin cannot read any answer.
  if (corsOrigins.length > 0) {
    await app.register(cors, {
      origin: [...corsOrigins],
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type'],
      // Credentials travel in the Authorization header, never in cookies.
      credentials: false,
      maxAge: 600,
    });
  }
}
