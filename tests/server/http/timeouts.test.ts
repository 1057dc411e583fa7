/**
 * Slow clients (slowloris) on a real socket: a client that sends its headers
 * and one body byte, or half its headers, or trickles bytes, must not hold a
 * connection past the request time-out. `app.inject` has no socket and no
 * time-outs, so these tests listen on a port and speak raw HTTP with node:net.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

const TIMEOUT_MS = 1000;
/** The request time-out, one checking interval (100 ms here) and scheduling slack. */
const CLOSED_WITHIN_MS = TIMEOUT_MS + 1500;

interface Outcome {
  /** ms from connecting until the server closed the socket; undefined if it was still open at the deadline. */
  closedAfter?: number;
  received: string;
}

/**
 * Connects, runs `talk` with the socket, and waits for the server to close it
 * (up to `waitMs`; the client then gives up itself).
 */
function slowClient(port: number, talk: (socket: net.Socket) => void, waitMs = 6000): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = Date.now();
    let received = '';
    const socket = net.connect(port, '127.0.0.1', () => talk(socket));
    socket.on('data', (d) => {
      received += d.toString('latin1');
    });
    socket.on('error', () => {});
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ received });
    }, waitMs);
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ closedAfter: Date.now() - started, received });
    });
  });
}

const HEAD =
  'POST /point/page HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n';

describe('request time-outs on a listening upstream', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ requestTimeoutMs: TIMEOUT_MS });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('closes a connection that sent its headers and one body byte', async () => {
    const { closedAfter, received } = await slowClient(port, (s) => s.write(`${HEAD}{`));
    expect(closedAfter).toBeDefined();
    expect(closedAfter!).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(closedAfter!).toBeLessThan(CLOSED_WITHIN_MS);
    // The access check may have refused the missing token already; the socket is closed all the same.
    expect(received).toMatch(/HTTP\/1\.1 408 /);
  });

  it('closes a connection whose headers never end', async () => {
    const { closedAfter } = await slowClient(port, (s) =>
      s.write('POST /point/page HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '),
    );
    expect(closedAfter).toBeDefined();
    expect(closedAfter!).toBeLessThan(CLOSED_WITHIN_MS);
  });

  it('closes a connection that trickles its body a byte at a time (the time-out is for the whole request)', async () => {
    const { closedAfter } = await slowClient(port, (s) => {
      s.write(HEAD);
      const timer = setInterval(() => {
        if (s.writable) s.write(' ');
      }, 100);
      s.on('close', () => clearInterval(timer));
    });
    expect(closedAfter).toBeDefined();
    expect(closedAfter!).toBeLessThan(CLOSED_WITHIN_MS);
  });

  it('closes a kept-alive connection whose second request stalls', async () => {
    const { closedAfter, received } = await slowClient(port, (s) => {
      s.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      s.once('data', () => s.write(`${HEAD}{`));
    });
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(closedAfter).toBeDefined();
    expect(closedAfter!).toBeLessThan(CLOSED_WITHIN_MS + 500);
  });

  it('still serves a client that sends its request in time', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 200 });
  });
});

describe('request time-out defaults', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoData: false });
  });
  afterAll(() => t.close());

  it('cuts a request after 30 s, headers after 10 s, checking every second', () => {
    expect(t.app.server.requestTimeout).toBe(30_000);
    expect(t.app.server.headersTimeout).toBe(10_000);
    expect((t.app.server as unknown as { connectionsCheckingInterval: number }).connectionsCheckingInterval).toBe(1000);
  });
});
