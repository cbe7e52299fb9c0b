import type { Server } from 'node:http';
import { type ServerType, serve } from '@hono/node-server';
import type { Config } from './config';

/**
 * The Node HTTP server for the app: `@hono/node-server` with a deadline for a whole request to
 * arrive (Node answers 408 and closes the socket), so a client that announces a body and never
 * sends it cannot hold a connection forever.
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
  return server;
}
