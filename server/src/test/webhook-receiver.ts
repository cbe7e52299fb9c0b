import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A partner's webhook endpoint for tests (decision 079): an HTTP server on 127.0.0.1 that records
 * every delivery and answers the statuses it is told, in turn (200 once they run out), each after
 * `delayMs`. The test that starts it stops it.
 */
export interface ReceivedDelivery {
  path: string;
  method: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  status: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedDelivery[];
  /** Statuses to answer the next deliveries with, in turn. */
  answer(...statuses: number[]): void;
  /** How long each answer waits (a slow partner). */
  delay(ms: number): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(path = '/hooks/spotless'): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = [];
  const statuses: number[] = [];
  let delayMs = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const status = statuses.shift() ?? 200;
      received.push({
        path: req.url ?? '',
        method: req.method ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        status,
      });
      setTimeout(() => {
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end(status < 300 ? 'ok' : 'receiver failed on purpose');
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    answer: (...next) => {
      statuses.push(...next);
    },
    delay: (ms) => {
      delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
