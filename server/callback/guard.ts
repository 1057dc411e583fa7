/**
 * No server-side request forgery through a callback URL: https only, and
 * every address the host resolves to must be public — checked when the URL is
 * saved (a clear field error, one DNS lookup here) and again at each call,
 * after the connection's own DNS lookup, by request-filtering-agent on the
 * socket itself (so a name re-pointed at
 * 127.0.0.1 after the save is refused too). Redirects are never followed
 * (node:http does not), answers are read up to a bound, calls time out.
 *
 * `CALLBACK_ALLOW_PRIVATE=1` lets loopback and private addresses through, and
 * plain http with them — the tests' own receivers on 127.0.0.1 use it.
 */
import { lookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import ipaddr from 'ipaddr.js';
import { useAgent } from 'request-filtering-agent';

export const allowPrivate = (env: NodeJS.ProcessEnv = process.env) => env.CALLBACK_ALLOW_PRIVATE === '1';

/**
 * IPv6 blocks that carry an IPv4 address inside them, which a host or a
 * gateway may route to that IPv4 address (::a9fe:a9fe reaching
 * 169.254.169.254): the deprecated IPv4-compatible ::/96, which ipaddr.js
 * labels `unicast`; NAT64's well-known and local-use prefixes; 6to4 and
 * Teredo. (IPv4-mapped ::ffff:0:0/96 is unwrapped to its IPv4 address by
 * `ipaddr.process` and judged as that.) Refused at save and at connect.
 */
export const EMBEDDED_IPV4 = ['::/96', '64:ff9b::/96', '64:ff9b:1::/48', '2002::/16', '2001::/32'] as const;
const embedded = EMBEDDED_IPV4.map((cidr) => ipaddr.parseCIDR(cidr));

/**
 * Only `unicast` is a public address in ipaddr.js's ranges (loopback, private,
 * link-local, carrier-grade NAT… are not), and none that embeds an IPv4 one.
 */
export const isPublic = (address: string) => {
  try {
    const ip = ipaddr.process(address);
    return (
      ip.range() === 'unicast' &&
      !(ip.kind() === 'ipv6' && embedded.some((cidr) => ip.kind() === cidr[0].kind() && ip.match(cidr)))
    );
  } catch {
    return false;
  }
};

const DNS_TIMEOUT_MS = 3000;

/** https, or (tests only) plain http under the switch: the i18n key of the refusal, or null. At a call, all that is checked before connecting: the agent checks the addresses. */
export function schemeProblem(value: string): string | null {
  const { protocol } = new URL(value);
  return protocol === 'https:' || (allowPrivate() && protocol === 'http:') ? null : 'callback.validation.https';
}

/** Why a callback URL is refused at save (an i18n key of the field), or null: its scheme, then every address its host resolves to. */
export async function urlProblem(value: string): Promise<string | null> {
  const scheme = schemeProblem(value);
  if (scheme || allowPrivate()) return scheme;
  const url = new URL(value);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('dns timeout')), DNS_TIMEOUT_MS).unref(),
      );
      addresses = (await Promise.race([lookup(host, { all: true, verbatim: true }), timeout])).map((a) => a.address);
    } catch {
      return 'callback.validation.unresolvable';
    }
  }
  return addresses.length && addresses.every(isPublic) ? null : 'callback.validation.private';
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body's first `maxBytes` bytes. */
  body: Buffer;
  latencyMs: number;
}

/**
 * POSTs `body` and reads the answer's first `maxBytes`; rejects on a refused
 * address (checked at connect, after DNS), a connection error or `timeoutMs`
 * without the whole answer. A 3xx is an answer like any other: not followed.
 */
export function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  opts: { timeoutMs: number; maxBytes: number },
): Promise<Answer> {
  const started = performance.now();
  const request = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        // The agent judges by ipaddr.js's ranges like `isPublic`; the embedded-IPv4 blocks are denied to it by name.
        agent: useAgent(url, {
          allowPrivateIPAddress: allowPrivate(),
          denyIPAddressList: allowPrivate() ? [] : [...EMBEDDED_IPV4],
          keepAlive: false,
        }),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'VendConsole-Webhooks/1',
          ...headers,
          'content-length': String(Buffer.byteLength(body)),
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        let size = 0;
        const done = () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(parts).subarray(0, opts.maxBytes),
            latencyMs: Math.round(performance.now() - started),
          });
        res.on('data', (chunk: Buffer) => {
          if (size < opts.maxBytes) parts.push(chunk);
          size += chunk.length;
          // Enough read: the rest is not wanted, and a receiver streaming forever must not hold the worker.
          if (size >= opts.maxBytes) {
            res.destroy();
            done();
          }
        });
        res.on('end', done);
        res.on('error', reject);
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${opts.timeoutMs} ms`)), opts.timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('error', reject);
    req.end(body);
  });
}
