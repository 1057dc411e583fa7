/** A callback receiver on 127.0.0.1 for the tests: records what it is sent and answers as told. */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}
/** How to answer one request: a status (and body), a redirect, or never. */
export type Reply = { status: number; body?: string; headers?: Record<string, string> } | 'hang';

export interface Receiver {
  url: string;
  received: Received[];
  /** Answers, in turn, to the next requests; after them, 200. */
  answers: Reply[];
  /** Answers every request without a queued answer. */
  otherwise: (req: Received) => Reply;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const hanging = new Set<ServerResponse>();
  const receiver: Receiver = {
    url: '',
    received: [],
    answers: [],
    otherwise: () => ({ status: 200, body: 'ok' }),
    close: async () => {},
  };
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const got = {
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(parts).toString('utf8'),
        at: Date.now(),
      };
      receiver.received.push(got);
      const reply = receiver.answers.shift() ?? receiver.otherwise(got);
      if (reply === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(reply.status, reply.headers ?? {});
      res.end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
