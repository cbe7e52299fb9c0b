import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import type { Config } from './config';
import type { Logger } from './lib/logger';

/** A connection as the stop sees it: how many answers are under way on it. */
interface Connection {
  active: number;
}

/** What a server's stop needs to know: its connections, its answers not yet finished, whether it is stopping. */
interface Tracking {
  connections: Map<Socket, Connection>;
  open: Set<ServerResponse>;
  stopping: boolean;
}

const tracked = new WeakMap<Server, Tracking>();

/**
 * How long a stopping server still takes connections and reads what its open connections carry
 * before it closes its port. A signal is handled only when the event loop is free: by then, after a
 * busy moment, connections may be waiting in the kernel's queue and requests unread on connections
 * kept alive. Closing at once reset them: 19 of 20 bookings sent 50 ms before a SIGTERM, while the
 * minute's jobs ran, got ECONNRESET and no answer.
 */
const SETTLE_MS = 500;

/** How long a connection taken just before the port closed may take to send its first request. */
const FIRST_REQUEST_GRACE_MS = 1_000;

/**
 * The Node HTTP server for the app: `@hono/node-server` with a deadline for a whole request to
 * arrive (Node answers 408 and closes the socket), so a client that announces a body and never
 * sends it cannot hold a connection forever. Its connections and answers are tracked for
 * `stopNodeServer`.
 */
export function startNodeServer(
  fetch: (request: Request) => Response | Promise<Response>,
  config: Pick<Config, 'port' | 'host' | 'requestTimeoutMs'>,
  listening?: (info: { port: number }) => void,
): ServerType {
  const server = serve({ fetch, port: config.port, hostname: config.host }, listening);
  const http = server as Server;
  http.requestTimeout = config.requestTimeoutMs;
  http.headersTimeout = Math.min(60_000, config.requestTimeoutMs);
  const tracking: Tracking = { connections: new Map(), open: new Set(), stopping: false };
  tracked.set(http, tracking);
  http.on('connection', (socket: Socket) => {
    tracking.connections.set(socket, { active: 0 });
    socket.once('close', () => tracking.connections.delete(socket));
  });
  http.on('request', (request, response: ServerResponse) => {
    const socket = request.socket;
    const connection = tracking.connections.get(socket);
    if (connection) connection.active += 1;
    tracking.open.add(response);
    // A request that arrives while the server stops is still answered, and its connection
    // closed after the answer.
    if (tracking.stopping) response.shouldKeepAlive = false;
    response.once('close', () => {
      tracking.open.delete(response);
      if (!connection) return;
      connection.active -= 1;
      // An answer whose head went out before the stop said keep-alive: its connection ends here.
      if (tracking.stopping && connection.active === 0) socket.destroySoon();
    });
  });
  return server;
}

/**
 * Stops a server started by `startNodeServer` the way a deploy needs (decision 068). At once,
 * every answer not yet begun says `Connection: close`, so each connection ends with its answer.
 * After `SETTLE_MS` (and one more look at the sockets) the port is closed: a client is refused at
 * once, and a load balancer tries another instance; connections idle after an answer are closed;
 * one taken just before gets `FIRST_REQUEST_GRACE_MS` to send its request. `server.close()` alone
 * left a busy kept-alive connection open, serving new requests, until the client let it go, which
 * a browser or a proxy does not. Whatever is still unanswered after `graceMs` is cut. Resolves
 * with how many answers were cut.
 */
export function stopNodeServer(server: ServerType, graceMs: number): Promise<{ cut: number }> {
  const http = server as Server;
  const tracking = tracked.get(http);
  if (!tracking) throw new Error('stopNodeServer: the server was not started by startNodeServer');
  tracking.stopping = true;
  for (const response of tracking.open) if (!response.headersSent) response.shouldKeepAlive = false;
  return new Promise((resolve) => {
    let silent: ReturnType<typeof setTimeout> | undefined;
    const deadline = setTimeout(() => {
      clearTimeout(settle);
      clearTimeout(silent);
      const cut = tracking.open.size;
      http.closeAllConnections();
      resolve({ cut });
    }, graceMs);
    // The timer fires before the loop's next look at its sockets; the port closes just after it.
    const settle = setTimeout(
      () =>
        setImmediate(() => {
          http.close(() => {
            clearTimeout(deadline);
            clearTimeout(silent);
            resolve({ cut: 0 });
          });
          silent = setTimeout(
            () =>
              setImmediate(() => {
                for (const [socket, connection] of tracking.connections) {
                  if (connection.active === 0) socket.destroy();
                }
              }),
            FIRST_REQUEST_GRACE_MS,
          );
        }),
      Math.min(SETTLE_MS, graceMs),
    );
  });
}

/** From a SIGTERM to the process gone: what a deploy waits before it kills. */
export const SHUTDOWN_DEADLINE_MS = 5_000;
/**
 * How long requests in flight and running jobs get. The rest of the deadline is for closing the
 * database and the image threads, and for Node's own exit, which first finishes the work already
 * handed to libuv's thread pool: file writes, and the password hashes running (at most
 * `SCRYPT_AT_ONCE`, 0.2 s each on an idle core, over a second on a machine loaded four times over).
 */
export const SHUTDOWN_GRACE_MS = 3_000;

/**
 * A deploy's stop (SIGTERM, or SIGINT at a terminal): the server stops as `stopNodeServer` says
 * while the scheduled jobs finish their runs, both within `SHUTDOWN_GRACE_MS`; then `close`
 * releases the rest. Answers the exit code: 0 when nothing was cut short.
 */
export async function stopGracefully(parts: {
  server: ServerType;
  stopJobs: () => unknown;
  close: () => Promise<void>;
  logger: Pick<Logger, 'info' | 'warn'>;
}): Promise<0 | 1> {
  const started = performance.now();
  let graceTimer: ReturnType<typeof setTimeout> | undefined;
  const graceOver = new Promise<false>((resolve) => {
    graceTimer = setTimeout(() => resolve(false), SHUTDOWN_GRACE_MS);
  });
  const [{ cut }, jobsFinished] = await Promise.all([
    stopNodeServer(parts.server, SHUTDOWN_GRACE_MS),
    Promise.race([Promise.resolve(parts.stopJobs()).then(() => true as const), graceOver]),
  ]);
  clearTimeout(graceTimer);
  await parts.close();
  const ms = Math.round(performance.now() - started);
  if (cut === 0 && jobsFinished) {
    parts.logger.info('stopped', { ms });
    return 0;
  }
  parts.logger.warn('stopped before everything in flight had finished', { ms, answersCut: cut, jobsFinished });
  return 1;
}
