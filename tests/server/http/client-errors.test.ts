/**
 * What Node's HTTP parser refuses before Fastify sees a request is answered
 * in the envelope too (server/http/replies.ts `clientErrors`). `app.inject`
 * has no parser, so these speak raw HTTP to a listening upstream.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { createTestApp, type TestApp } from '../helpers.js';

/** Sends `request` and collects everything until the server closes the connection. */
function raw(port: number, request: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (d) => {
      received += d.toString('utf8');
    });
    socket.on('error', () => {});
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no close; got ${received}`));
    }, 8000);
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve(received);
    });
  });
}

/** Status line, headers (lower-cased names) and the parsed body of one raw answer. */
function parse(answer: string) {
  const [head, body = ''] = answer.split('\r\n\r\n');
  const [statusLine, ...lines] = head!.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine!.split(' ')[1]), headers, body: JSON.parse(body) as unknown };
}

describe("the HTTP parser's refusals", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ requestTimeoutMs: 500 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('answers oversized headers with 431 in the envelope, with the security headers', async () => {
    const answer = parse(await raw(port, `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(answer.status).toBe(431);
    expect(answer.body).toEqual({ code: CODE.badRequest, message: 'Request headers too large' });
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers.connection).toBe('close');
  });

  it('answers a malformed request line with 400 in the envelope', async () => {
    const answer = parse(await raw(port, 'NOT HTTP AT ALL\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: CODE.badRequest, message: 'Malformed request' });
  });

  it('answers a request whose headers never end with 408 in the envelope', async () => {
    const answer = parse(await raw(port, 'GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: '));
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual({ code: CODE.badRequest, message: 'Request time-out' });
  });
});
