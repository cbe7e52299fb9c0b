import { ApiRoot } from '@spotless/sdk/schemas';
import { z } from 'zod';
import { defineOperations } from '../contract/operations';

export const Health = z
  .object({ status: z.literal('ok'), links: z.object({ self: z.object({ href: z.string(), operation: z.string() }) }) })
  .meta({ id: 'Health' });

/** The system operations: what each one is, who may call it and what it answers (OpenAPI, links and actions come from here). */
export const systemApi = defineOperations({
  getApiRoot: {
    method: 'get',
    path: '/',
    security: 'public',
    partners: true,
    summary: 'The API root: links to every entry point, and what the caller may do as they are',
    description:
      'The one URL a client needs: every resource it answers, and every one they lead to, carries `links` (where to go next) and `actions` (what this caller may do now). Signed out: search, services, sign-in methods and the sign-in and registration actions. Signed in: also the user, their bookings, figures, payments and favourites, and sign-out.',
    tags: ['system'],
    access: 'public',
    responses: { 200: { description: 'The root document', schema: ApiRoot } },
  },
  getHealth: {
    method: 'get',
    path: '/health',
    security: 'public',
    partners: true,
    summary: 'Liveness: the process answers',
    description:
      'Answers as soon as the process can, touching neither the database nor any other service: the liveness check. Whether the server can serve requests is `GET /api/ready`.',
    tags: ['system'],
    access: 'public',
    responses: { 200: { description: 'Alive', schema: Health } },
  },
  getReadiness: {
    method: 'get',
    path: '/ready',
    security: 'public',
    summary: 'Readiness: the database takes a read and a write now',
    description:
      'Tries a read and a one-row write once each, without waiting for another writer, and answers within half a second. Load balancers poll it; `/api/health` is the liveness check that touches nothing.',
    tags: ['system'],
    access: 'public',
    responses: {
      200: { description: 'Ready', schema: Health },
      503: {
        description:
          'The database is busy (`database_busy`) or does not answer (`database_unavailable`); Retry-After says when to ask again',
      },
    },
  },
});
