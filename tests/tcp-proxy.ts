/**
 * A database restart played without root: a TCP proxy between an upstream
 * and PostgreSQL that cuts every connection and refuses new ones, then comes
 * back on the same address. For the server suite's outage tests
 * (tests/server/http/database.test.ts) and the console's (tests/e2e/shell/outage.spec.ts).
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/** A TCP proxy that can play a database restart: cut every connection, refuse new ones, come back. */
export async function tcpProxy(targetHost: string, targetPort: number) {
  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, targetHost);
    track(client);
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    /** The server goes down: open connections die, new ones are refused (ECONNREFUSED). */
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    /** The server is back on the same address. */
    restore: () => listen(port),
    async close() {
      for (const s of sockets) s.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
