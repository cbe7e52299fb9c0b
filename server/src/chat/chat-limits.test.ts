import { describe, expect, it } from 'vitest';
import { ORIGIN } from '../test/booking-fixtures';
import { createTestContext } from '../test/harness';

const ctx = await createTestContext();

describe('new conversations per address', () => {
  it('allow an office behind one address 120 a minute, then 429 with Retry-After until the minute is over', async () => {
    const start = () => ctx.json('/api/chat/session', { method: 'POST', headers: { origin: ORIGIN } });
    for (let i = 0; i < 120; i++) expect((await start()).status).toBe(201);
    const refused = await start();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 61_000));
    expect((await start()).status).toBe(201);
  });
});
