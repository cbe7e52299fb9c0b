import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../deps';
import { AppError } from '../lib/errors';
import { describe } from '../lib/openapi';

const Health = z.object({ status: z.literal('ok') });

export const systemRoutes = new Hono<AppEnv>()
  .get(
    '/health',
    describe({
      operationId: 'getHealth',
      security: 'public',
      summary: 'Liveness: the process answers',
      tags: ['system'],
      access: 'public',
      responses: { 200: { description: 'Alive', schema: Health } },
    }),
    (c) => c.json({ status: 'ok' as const }),
  )
  .get(
    '/ready',
    describe({
      operationId: 'getReadiness',
      security: 'public',
      summary: 'Readiness: the database answers',
      tags: ['system'],
      access: 'public',
      responses: { 200: { description: 'Ready', schema: Health }, 503: { description: 'Database unreachable' } },
    }),
    async (c) => {
      try {
        await c.var.deps.database.client.execute('select 1');
      } catch {
        throw new AppError(503, 'unavailable', 'Database unreachable');
      }
      return c.json({ status: 'ok' as const });
    },
  );
