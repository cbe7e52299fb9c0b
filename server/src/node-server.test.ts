import { spawn } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startNodeServer, stopNodeServer } from './node-server';

/**
 * A stop that comes right after a busy moment of the event loop (a job's transaction, a large
 * search): the requests clients sent meanwhile wait unread, in the kernel's queue of connections
 * or in their sockets. They are answered, with `Connection: close`, not reset: closing the port and
 * the idle-looking connections at once reset 16–19 of 20.
 */

const CLIENT = `
const port = Number(process.env.TARGET_PORT);
const answers = await Promise.all(Array.from({ length: 20 }, async (_, i) => {
  await new Promise((resolve) => setTimeout(resolve, i * 3));
  try {
    const res = await fetch('http://127.0.0.1:' + port + '/', { method: 'POST', body: 'booking ' + i });
    return res.status + ' ' + res.headers.get('connection');
  } catch (error) {
    return String(error.cause?.code ?? error);
  }
}));
process.stdout.write(JSON.stringify(answers));
`;

describe('stopNodeServer', () => {
  it('answers requests that arrived while the event loop was busy just before the stop', async () => {
    const server = startNodeServer(async (request) => new Response(`got ${await request.text()}`), {
      port: 0,
      host: '127.0.0.1',
      requestTimeoutMs: 5_000,
    }) as Server;
    if (!server.listening) await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const port = (server.address() as AddressInfo).port;

    let stopped: Promise<{ cut: number }> | undefined;
    server.once('connection', () => {
      setTimeout(() => {
        const until = Date.now() + 300;
        while (Date.now() < until) {
          // busy, as in a long synchronous piece of work
        }
        stopped = stopNodeServer(server, 3_000);
      }, 2);
    });
    const client = spawn(process.execPath, ['--input-type=module', '-e', CLIENT], {
      env: { ...process.env, TARGET_PORT: String(port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    client.stdout.on('data', (chunk) => (output += chunk));
    await new Promise((resolve) => client.once('exit', resolve));
    const answers = JSON.parse(output) as string[];
    expect(answers).toEqual(Array.from({ length: 20 }, () => '200 close'));
    expect(await stopped).toEqual({ cut: 0 });
  }, 30_000);
});
