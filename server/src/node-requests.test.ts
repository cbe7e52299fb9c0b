import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { createLogger } from './lib/logger';
import { startNodeServer } from './node-server';
import { createCustomer, ORIGIN, seedWorld, sessionFor } from './test/booking-fixtures';
import { createTestContext, testConfig } from './test/harness';
import { samplePdf } from './test/sample-files';

/**
 * Requests that go wrong on the wire, on the real Node server: a body that stops arriving, a
 * client that drops the connection mid-upload, and a body too large to read. None is a 5xx; the
 * connection is closed honestly when its rest is left unread.
 */

const ctx = await createTestContext();
await seedWorld(ctx);
const lines: Array<Record<string, unknown>> = [];
const app = createApp({
  ...ctx.deps,
  config: testConfig({ BODY_IDLE_TIMEOUT_MS: '300', BODY_LIMIT_BYTES: '2048' }),
  logger: createLogger('info', (line) => lines.push(JSON.parse(line))),
});
const server = startNodeServer(app.fetch, { port: 0, host: '127.0.0.1', requestTimeoutMs: 5_000 });
const PDF_BASE64 = Buffer.from(samplePdf()).toString('base64');
let port = 0;
let uploadPath = '';
let cookie = '';

beforeAll(async () => {
  if (!server.listening) await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  port = (server.address() as AddressInfo).port;
  const session = await sessionFor(ctx, await createCustomer(ctx, 'Uma'));
  cookie = session.cookie ?? '';
  const applied = await ctx.json<{ id: number }>('/api/applications', {
    method: 'POST',
    headers: session,
    body: {
      bio: 'I have cleaned homes for years and love a tidy kitchen.',
      experience: '3-5',
      hourlyRate: 30,
      serviceTypes: ['residential'],
      coverageAreas: ['Austin, TX'],
    },
  });
  expect(applied.status, JSON.stringify(applied.body)).toBe(201);
  uploadPath = `/api/applications/${applied.body.id}/documents`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A raw connection: what it received, and when the server closed it. */
function open(): { socket: Socket; received: () => string; closed: Promise<void> } {
  const socket = connect(port, '127.0.0.1');
  let data = '';
  socket.on('data', (chunk) => {
    data += chunk.toString('latin1');
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  return { socket, received: () => data, closed };
}

const head = (path: string, length: number, type = 'multipart/form-data; boundary=x') =>
  [
    `POST ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    `Origin: ${ORIGIN}`,
    `Cookie: ${cookie}`,
    `Content-Type: ${type}`,
    `Content-Length: ${length}`,
    'Connection: keep-alive',
    '',
    '',
  ].join('\r\n');

describe('requests that go wrong on the wire', () => {
  it('answers a body that stops arriving with 408 and closes the connection', async () => {
    const { socket, received, closed } = open();
    socket.write(head(uploadPath, 100_000));
    socket.write('--x\r\n');
    const started = Date.now();
    await closed;
    expect(received()).toMatch(/^HTTP\/1\.1 408/);
    expect(received().toLowerCase()).toContain('connection: close');
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('logs a client that drops its upload as such (499), never as a 500 or an unhandled error', async () => {
    lines.length = 0;
    const { socket } = open();
    socket.write(head(uploadPath, 100_000));
    socket.write('--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4');
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await expect
      .poll(() => lines.some((line) => line.message === 'client closed request'), { timeout: 3_000 })
      .toBe(true);
    expect(lines.filter((line) => line.level === 'error')).toEqual([]);
    const logged = lines.find((line) => line.message === 'request' && line.path === uploadPath);
    expect(logged?.status).toBe(499);
  });

  it('closes the connection after a 413, saying so, so a keep-alive client does not reuse it', async () => {
    const { socket, received, closed } = open();
    socket.write(head('/api/contact', 10_000, 'application/json'));
    socket.write('{"firstName":"');
    await closed;
    expect(received()).toMatch(/^HTTP\/1\.1 413/);
    expect(received().toLowerCase()).toContain('connection: close');
    const upload = open();
    upload.socket.write(head(uploadPath, 20 * 1024 * 1024));
    await upload.closed;
    expect(upload.received()).toMatch(/^HTTP\/1\.1 413/);
    expect(upload.received().toLowerCase()).toContain('connection: close');
    // The server itself is fine: the next request on a new connection is answered.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });
});

describe('every answer’s fixed headers, written by Node itself', () => {
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${port}${path}`, { headers });

  it('gives a JSON answer, an error and a refusal the security headers and a request id', async () => {
    for (const res of [await get('/api/health'), await get('/api/no-such-thing'), await get('/api/bookings')]) {
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('logs each answer under the id it sent, keeping a caller’s plain id and replacing any other', async () => {
    lines.length = 0;
    const kept = await get('/api/health', { 'x-request-id': 'trace-42=' });
    expect(kept.headers.get('x-request-id')).toBe('trace-42=');
    const replaced = await get('/api/health', { 'x-request-id': 'no spaces; please' });
    const id = replaced.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await expect
      .poll(() => lines.filter((line) => line.message === 'request').map((line) => line.requestId))
      .toEqual(['trace-42=', id]);
  });

  it('lets a route’s own header win: an uploaded document keeps its sandbox policy', async () => {
    const uploaded = await ctx.json<{ fileUrl: string }>(uploadPath, {
      method: 'POST',
      headers: { cookie, origin: ORIGIN },
      body: { documentType: 'id', fileName: 'id.pdf', fileUrl: `data:application/pdf;base64,${PDF_BASE64}` },
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const file = await get(uploaded.body.fileUrl, { cookie });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(file.headers.get('x-frame-options')).toBe('DENY');
  });
});
