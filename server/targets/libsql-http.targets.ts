import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/open';
import { startLibsqlServer } from './targets';

/**
 * The Node server's libSQL client over HTTP asks for answers uncompressed (`db/client.ts`): a
 * recording proxy in front of a real libSQL server sees every request and answer the client makes.
 */
describe('the libSQL client over HTTP', () => {
  let sqld: Awaited<ReturnType<typeof startLibsqlServer>>;
  const seen: Array<{ acceptEncoding: string | undefined; contentEncoding: string | undefined }> = [];
  const proxy = createServer((incoming, outgoing) => {
    const target = new URL(incoming.url ?? '/', sqld.url);
    const forwarded = request(target, { method: incoming.method, headers: incoming.headers }, (answer) => {
      seen.push({
        acceptEncoding: incoming.headers['accept-encoding'],
        contentEncoding: answer.headers['content-encoding'],
      });
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    incoming.pipe(forwarded);
  });

  beforeAll(async () => {
    sqld = await startLibsqlServer();
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => proxy.close(resolve));
    await sqld?.stop();
  });

  it('asks for every answer as it is, and gets it so', async () => {
    const { port } = proxy.address() as AddressInfo;
    const database = await openDatabase(`http://127.0.0.1:${port}`);
    try {
      const rows = await database.client.execute('select count(*) as n from cleaners');
      expect(Number(rows.rows[0]?.n)).toBeGreaterThan(0);
      await database.batch([{ sql: 'select 1', args: [] }]);
    } finally {
      database.close();
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((s) => s.acceptEncoding === 'identity' && s.contentEncoding === undefined)).toBe(true);
  });
});
