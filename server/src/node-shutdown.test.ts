import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A deploy's SIGTERM to the real entry (`src/node.ts`, as `npm start` runs it, in a child process):
 * a request still arriving is answered, kept-alive connections let go, new ones are refused, and
 * the process is gone within the 5 s it promises. It used to wait on any kept-alive connection
 * that had been busy at the signal until the forced exit at 5 s (its answer even said
 * `keep-alive`), and whatever the forced exit then waited for came on top; and it reset a
 * connection made just before the signal whose request it had not read yet.
 */

const SERVER_SRC = import.meta.dirname;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

let child: ChildProcess;
let port = 0;
let dataDir = '';
let output = '';

beforeAll(async () => {
  port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'spotless-shutdown-'));
  child = spawn(process.execPath, ['--conditions=@spotless/source', '--import', 'tsx', join(SERVER_SRC, 'node.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_CLEANERS: '5',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 120_000);

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** A raw kept-alive connection: what it received, and when the server closed it. */
function open(): { socket: Socket; received: () => string; closedAt: Promise<number> } {
  const socket = connect(port, '127.0.0.1');
  let data = '';
  socket.on('data', (chunk) => {
    data += chunk.toString('latin1');
  });
  socket.on('error', () => undefined);
  const closedAt = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
  return { socket, received: () => data, closedAt };
}

async function until(condition: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('SIGTERM', () => {
  it('answers the requests in flight with Connection: close, refuses new connections and exits within 5 s', async () => {
    // Connections that were used and are now idle, as a browser or a proxy keeps them.
    const idle = [open(), open(), open()];
    for (const connection of idle) {
      connection.socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
    }
    await until(() => idle.every((c) => c.received().includes('\r\n\r\n')));

    // A contact message whose body is still arriving when the signal comes, over about 1.5 s.
    const origin = `http://127.0.0.1:${port}`;
    const body = JSON.stringify({
      firstName: 'Sam',
      lastName: 'Slow',
      email: 'sam@example.com',
      subject: 'A slow question',
      message: 'Is my request answered while the server stops?',
    });
    const slow = open();
    slow.socket.write(
      [
        'POST /api/contact HTTP/1.1',
        'Host: 127.0.0.1',
        `Origin: ${origin}`,
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Connection: keep-alive',
        '',
        '',
      ].join('\r\n'),
    );
    const pieces = body.match(/.{1,10}/g) ?? [];
    slow.socket.write(pieces.shift() ?? '');
    const trickle = (async () => {
      for (const piece of pieces) {
        await new Promise((resolve) => setTimeout(resolve, 1_500 / pieces.length));
        slow.socket.write(piece);
      }
    })();

    // A connection made just before the signal, whose request the server reads only after it.
    const late = open();
    await new Promise<void>((resolve) => late.socket.once('connect', () => resolve()));

    await new Promise((resolve) => setTimeout(resolve, 100));
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child.once('exit', (code) => resolve({ code, at: performance.now() })),
    );
    const signalledAt = performance.now();
    child.kill('SIGTERM');
    setTimeout(() => {
      late.socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
    }, 300);

    const idleClosed = await Promise.all(idle.map((c) => c.closedAt));
    expect(Math.max(...idleClosed) - signalledAt).toBeLessThan(1_000);

    await new Promise((resolve) => setTimeout(resolve, 200));
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');

    await trickle;
    const slowClosedAt = await slow.closedAt;
    const answer = slow.received();
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(slowClosedAt - signalledAt).toBeLessThan(5_000);

    await late.closedAt;
    expect(late.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(late.received().toLowerCase()).toContain('connection: close');

    const { code, at } = await exited;
    expect(code, output).toBe(0);
    expect(at - signalledAt).toBeLessThan(5_000);
  }, 60_000);
});
