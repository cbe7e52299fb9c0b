import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { bookingKeys, slotKeys } from './booking-keys';

function cached() {
  const client = new QueryClient();
  const keys = {
    mine: bookingKeys.mine({ status: 'active', q: '', page: 1 }),
    detail: bookingKeys.detail(7),
    otherDetail: bookingKeys.detail(8),
    stats: bookingKeys.stats(),
    slots: slotKeys.day(3, '2026-05-04', 120),
  };
  for (const key of Object.values(keys)) client.setQueryData(key, {});
  const invalidated = () =>
    Object.fromEntries(
      Object.entries(keys).map(([name, key]) => [name, client.getQueryState(key)?.isInvalidated ?? false]),
    );
  return { client, invalidated };
}

describe('bookingKeys', () => {
  it('all covers every bookings query and leaves the free times alone', async () => {
    const { client, invalidated } = cached();
    await client.invalidateQueries({ queryKey: bookingKeys.all });
    expect(invalidated()).toEqual({ mine: true, detail: true, otherDetail: true, stats: true, slots: false });
  });

  it('names one booking, the lists, or the free times on their own', async () => {
    const { client, invalidated } = cached();
    await client.invalidateQueries({ queryKey: bookingKeys.detail(7) });
    expect(invalidated()).toEqual({ mine: false, detail: true, otherDetail: false, stats: false, slots: false });
    await client.invalidateQueries({ queryKey: bookingKeys.lists() });
    expect(invalidated()).toMatchObject({ mine: true, stats: false });
    await client.invalidateQueries({ queryKey: slotKeys.all });
    expect(invalidated()).toMatchObject({ slots: true, stats: false });
  });
});
