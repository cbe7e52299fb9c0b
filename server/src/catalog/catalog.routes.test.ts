import type { Service, ServiceList } from '@spotless/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { SERVICE_CATALOGUE } from '../seed/catalogue';
import { ensureCatalogue } from '../seed/generate';
import { createTestContext } from '../test/harness';

const ctx = await createTestContext();
await ensureCatalogue(ctx.database);

describe('services', () => {
  it('lists the catalogue with prices as decimal strings and durations in minutes', async () => {
    const res = await ctx.json<ServiceList>('/api/services');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(SERVICE_CATALOGUE.length);
    const regular = res.body.items.find((s) => s.type === 'regular')!;
    expect(regular).toMatchObject({
      id: regular.id,
      name: 'Regular House Cleaning',
      description: expect.any(String),
      type: 'regular',
      category: 'residential',
      basePrice: '80.00',
      duration: 120,
    });
    expect(new Set(res.body.items.map((s) => s.category))).toEqual(new Set(['residential', 'commercial']));
  });

  it('fetches one service; 404 for a missing one, 400 for a bad id', async () => {
    const list = (await ctx.json<ServiceList>('/api/services')).body;
    const one = await ctx.json<Service>(`/api/services/${list.items[1]!.id}`);
    expect(one.body).toEqual(list.items[1]);
    expect((await ctx.json('/api/services/4242')).status).toBe(404);
    expect((await ctx.json('/api/services/deep')).status).toBe(400);
  });

  it('does not insert the catalogue twice', async () => {
    await ensureCatalogue(ctx.database);
    expect((await ctx.json<ServiceList>('/api/services')).body.total).toBe(SERVICE_CATALOGUE.length);
  });
});
