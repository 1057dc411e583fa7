/**
 * The bridge fuzzed: the same generated inputs as the upstream's fuzzer
 * (tests/server/reliability/support), sent through the core's
 * `call(op, input)` as the renderer would, signed in, against the real
 * upstream behind a recording proxy. Whatever the shared schemas refuse must
 * come back as a local refusal with field errors, and reach nobody: the
 * proxy sees no request for it. Inputs the schemas accept may go upstream.
 * The browser-mode host is fuzzed the same way over HTTP, with raw bodies a
 * page could never send (not JSON, wrong types, huge, deeply nested).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { api, CODE, type ApiOp } from '../../shared/domains.js';
import type { EndpointDef } from '../../shared/api/define.js';
import { ipc, isIpcOp } from '../../shared/ipc.js';
import { createCore, rendererCallable, SESSION_OWNED } from '../../electron/core/core.js';
import { memoryVault } from '../../electron/core/vault.js';
import { memoryPrefs } from '../../electron/core/prefs.js';
import { validInput, weird } from '../server/reliability/support/mutate.js';
import { EVENTS_PATH } from '../../shared/api/events.js';
import { startHost } from '../../electron/host/index.js';
import { launchCookie } from './launch.js';
import { DEMO_PASSWORD, upstreamBehindProxy } from './support.js';

const RUNS = Math.max(1000, Math.round(Number(process.env.FUZZ_RUNS ?? 10_000) / 5));
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const env = upstreamBehindProxy();

const PARTS = ['params', 'query', 'body'] as const;
// Binary answers are served by the console's /files route, never through the bridge (tests/core/files.test.ts); machines call their own API.
const API_OPS = (Object.keys(api) as ApiOp[]).filter(rendererCallable);
const NOT_CALLABLE = (Object.keys(api) as ApiOp[]).filter((op) => !rendererCallable(op) && !SESSION_OWNED.has(op));
const LOCAL_OPS = Object.keys(ipc).filter(isIpcOp);

/** Whether the shared schemas accept an API input, read independently of the core: every part, no other key. */
function schemasAccept(op: ApiOp, input: unknown): boolean {
  const def: EndpointDef = api[op];
  if (input === undefined || input === null) return PARTS.every((p) => !def[p] || def[p].safeParse({}).success);
  if (typeof input !== 'object' || Array.isArray(input)) return false;
  const given = input as Record<string, unknown>;
  if (Object.keys(given).some((k) => !(PARTS as readonly string[]).includes(k))) return false;
  return PARTS.every((p) => {
    const schema: z.ZodType | undefined = def[p];
    if (!schema) return given[p] === undefined;
    return schema.safeParse(given[p]).success || (given[p] === undefined && schema.safeParse({}).success);
  });
}

const setIn = (
  root: Record<string, unknown>,
  part: string,
  key: string | undefined,
  value: unknown,
  remove: boolean,
) => {
  const copy = structuredClone(root);
  if (key === undefined) {
    if (remove) delete copy[part];
    else copy[part] = value;
    return copy;
  }
  const inner = (copy[part] !== null && typeof copy[part] === 'object' ? copy[part] : {}) as Record<string, unknown>;
  if (remove) delete inner[key];
  else inner[key] = value;
  copy[part] = inner;
  return copy;
};

/** A valid input with one mutation: a field or part replaced or removed, an unknown key, or not an object at all. */
const apiCase = fc.constantFrom(...API_OPS).chain((op) =>
  fc
    .tuple(
      fc.constant(op),
      validInput(op) as fc.Arbitrary<Record<string, unknown>>,
      fc.constantFrom('replace', 'remove', 'extra', 'whole'),
      fc.constantFrom(...PARTS, 'extra'),
      fc.option(
        fc.constantFrom(
          'id',
          'name',
          'deviceIds',
          'tenantId',
          'pageNum',
          'pageSize',
          'password',
          'userId',
          'keyword',
          '__proto__',
        ),
        { nil: undefined },
      ),
      weird,
    )
    .map(([o, input, how, part, key, value]) => ({
      op: o,
      input:
        how === 'whole' ? value : setIn(input, part, how === 'extra' ? 'unexpected' : key, value, how === 'remove'),
    })),
);

describe('the bridge refuses bad input locally', () => {
  it(`${RUNS} generated API calls: a local refusal for every input the schemas refuse, and no upstream request for it`, async () => {
    const core = createCore({
      upstreamUrl: env.proxy.url,
      vault: memoryVault(),
      prefs: memoryPrefs(),
      mode: 'browser',
      version: '0',
    });
    const signedIn = await core.call('session.signIn', { username: 'admin', password: DEMO_PASSWORD });
    expect(signedIn.ok).toBe(true);
    let refused = 0;
    let passed = 0;
    await fc.assert(
      fc.asyncProperty(apiCase, async ({ op, input }) => {
        const before = env.proxy.seen.length;
        const result = await core.call(op, input);
        if (schemasAccept(op, input)) {
          passed++;
          return;
        }
        refused++;
        expect(env.proxy.seen.length, `${op} reached the upstream with ${JSON.stringify(input)?.slice(0, 200)}`).toBe(
          before,
        );
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error).toMatchObject({ source: 'local', code: CODE.badRequest, status: 0 });
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    console.log(
      `bridge fuzz: ${RUNS} calls over ${API_OPS.length} operations; ${refused} refused locally with no upstream request, ${passed} valid`,
    );
    expect(refused).toBeGreaterThan(RUNS / 2);
  }, 300_000);

  it('refuses bad input of the local operations and of the session-owned ones without a request', async () => {
    const core = createCore({
      upstreamUrl: env.proxy.url,
      vault: memoryVault(),
      prefs: memoryPrefs(),
      mode: 'browser',
      version: '0',
    });
    const before = env.proxy.seen.length;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...LOCAL_OPS, ...SESSION_OWNED, ...NOT_CALLABLE, 'no.such', '__proto__', 'constructor'),
        weird,
        async (op, input) => {
          const result = await core.call(op, input);
          // JSON bridges send null for "no input": the core reads it as undefined.
          if (isIpcOp(op) && (ipc[op].input as z.ZodType).safeParse(input ?? undefined).success) return;
          expect(result.ok, `${op} ${JSON.stringify(input)?.slice(0, 100)}`).toBe(false);
          if (!result.ok) expect(result.error.source).toBe('local');
        },
      ),
      { numRuns: 500, seed: SEED, endOnFailure: true },
    );
    // Only well-formed sign-ins may have gone upstream.
    expect(env.proxy.seen.slice(before).every((s) => s.url.startsWith('/oauth/token'))).toBe(true);
  }, 120_000);

  it('answers raw garbage on the browser-mode bridge with a local refusal and no upstream request', async () => {
    const core = createCore({
      upstreamUrl: env.proxy.url,
      vault: memoryVault(),
      prefs: memoryPrefs(),
      mode: 'browser',
      version: '0',
    });
    const host = await startHost({ port: 0, core, rendererDir: '/nonexistent' });
    try {
      const cookie = await launchCookie(host);
      const signedIn = (await (
        await fetch(`${host.url}/bridge/session.signIn`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ username: 'tenant1', password: DEMO_PASSWORD }),
        })
      ).json()) as { ok: boolean };
      expect(signedIn.ok).toBe(true);
      const before = env.proxy.seen.length;
      const raw = fc.oneof(
        fc.constantFrom(
          '{"a":',
          'null',
          '[]',
          '"x"',
          '{'.repeat(5000),
          '[1,2]',
          '\u0000',
          'x'.repeat(1 << 20),
          '{"params":{"id":"%ff"}}',
          '{"body":{"name":"a\\u0000b"}}',
        ),
        weird.map((v) => JSON.stringify(v) ?? 'undefined'),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...API_OPS),
          raw,
          fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
          async (op, body, type) => {
            let input: unknown;
            try {
              input = JSON.parse(body);
            } catch {
              input = Symbol('not JSON');
            }
            if (typeof input !== 'symbol' && type === 'application/json' && schemasAccept(op, input)) return;
            const res = await fetch(`${host.url}/bridge/${op}`, {
              method: 'POST',
              headers: { 'content-type': type, cookie },
              body,
            });
            expect(res.status, `${op} ${body.slice(0, 80)}`).toBeLessThan(500);
            const answer = (await res.json()) as { ok: boolean; error: { source: string } };
            expect(answer.ok).toBe(false);
            expect(answer.error.source).toBe('local');
          },
        ),
        { numRuns: 400, seed: SEED, endOnFailure: true },
      );
      // The session's live-event stream may open at any moment after the sign-in (the feed looks every second): it is no garbage.
      const after = env.proxy.seen.slice(before).filter((s) => !s.url.startsWith(EVENTS_PATH));
      expect(
        after.map((s) => s.url),
        'garbage reached the upstream',
      ).toEqual([]);
    } finally {
      await host.close();
    }
  }, 120_000);
});
