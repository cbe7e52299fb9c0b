import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../seed/generate';
import { createTestContext } from '../test/harness';
import type { OpenApiDocument } from './openapi';

const ctx = await createTestContext();
await seedDemoData(ctx.database, { cleaners: 5, now: ctx.clock.now(), demoAccounts: false });
const doc = (await ctx.json<OpenApiDocument>('/api/openapi.json')).body;

// Every Hono route under /api (except the docs themselves) must be documented.
const undocumented = new Set(['/api/openapi.json', '/api/docs']);

describe('OpenAPI', () => {
  it('documents every API route with its parameters and schemas', () => {
    const routes = new Set(
      ctx.app.routes
        .filter(
          (r) => r.method !== 'ALL' && (r.path === '/api' || r.path.startsWith('/api/')) && !undocumented.has(r.path),
        )
        .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:([A-Za-z]+)/g, '{$1}')}`),
    );
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`)),
    );
    expect([...routes].sort()).toEqual([...documented].sort());
    const cleaner = doc.paths['/api/cleaners/{id}']?.get;
    expect(cleaner?.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(JSON.stringify(cleaner?.responses['200'])).toContain('#/components/schemas/Cleaner');
    expect(doc.components.schemas).toHaveProperty('Cleaner');
  });

  it('renders a readable docs page', async () => {
    const res = await ctx.app.request('/api/docs');
    const html = await res.text();
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('/api/cleaners/{id}');
    expect(html).toContain('One cleaner’s public profile');
  });

  it('never answers a bad input with 500 on any documented route', async () => {
    const garbage = ['abc', '-1', '0', '1.5', '%00', "'; drop table users; --", 'x'.repeat(300)];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const value of garbage) {
          const url = path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
          const query = (op.parameters ?? [])
            .filter((p) => p.in === 'query')
            .map((p) => `${p.name}=${encodeURIComponent(value)}`)
            .join('&');
          const res = await ctx.app.request(`${url}${query ? `?${query}` : ''}`, {
            method: method.toUpperCase(),
            headers: { 'content-type': 'application/json' },
            body: method === 'get' ? undefined : JSON.stringify({ anything: value }),
          });
          expect(res.status, `${method} ${url}?${query}`).toBeLessThan(500);
        }
      }
    }
  });
});
