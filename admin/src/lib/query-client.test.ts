import { ApiError } from '@spotless/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, isUnauthorizedError } from './query-client';
import { useToastStore } from './toast';

const unauthorized = () => new ApiError(401, 'Unauthorized', undefined);

describe('isUnauthorizedError', () => {
  it('recognises a 401 by its message', () => {
    expect(isUnauthorizedError(unauthorized())).toBe(true);
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(true);
  });

  it('ignores other failures', () => {
    expect(isUnauthorizedError(new ApiError(403, 'Forbidden', undefined))).toBe(false);
    expect(isUnauthorizedError(new Error('500: Unauthorized upstream'))).toBe(false);
    expect(isUnauthorizedError('401: Unauthorized')).toBe(false);
  });
});

describe('createQueryClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the product defaults: no retry, no refetch on focus, never stale', () => {
    const client = createQueryClient({ isProtectedPage: () => false, navigate: () => {} });
    expect(client.getDefaultOptions().queries).toMatchObject({
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
    });
  });

  it('on a protected page, a 401 toasts and goes to log in after 500 ms', async () => {
    const navigate = vi.fn();
    const client = createQueryClient({
      isProtectedPage: () => true,
      navigate,
      currentPath: () => '/cleaner-dashboard?tab=payouts',
    });
    await client.fetchQuery({ queryKey: ['bookings'], queryFn: () => Promise.reject(unauthorized()) }).catch(() => {});

    expect(useToastStore.getState().toasts).toMatchObject([
      { title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' },
    ]);
    vi.advanceTimersByTime(499);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    // Keeping where they were: signing in again comes back to it.
    expect(navigate).toHaveBeenCalledWith('/api/login?returnUrl=%2Fcleaner-dashboard%3Ftab%3Dpayouts');
  });

  it('handles a failed mutation the same way', async () => {
    const navigate = vi.fn();
    const client = createQueryClient({ isProtectedPage: () => true, navigate, currentPath: () => '/dashboard' });
    const mutation = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(unauthorized()) });
    await mutation.execute(undefined).catch(() => {});
    vi.advanceTimersByTime(500);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('leaves public pages and other errors alone', async () => {
    const navigate = vi.fn();
    const publicClient = createQueryClient({ isProtectedPage: () => false, navigate });
    await publicClient.fetchQuery({ queryKey: ['a'], queryFn: () => Promise.reject(unauthorized()) }).catch(() => {});
    const protectedClient = createQueryClient({ isProtectedPage: () => true, navigate });
    await protectedClient
      .fetchQuery({ queryKey: ['b'], queryFn: () => Promise.reject(new ApiError(500, 'Oops', undefined)) })
      .catch(() => {});
    vi.advanceTimersByTime(1000);
    expect(navigate).not.toHaveBeenCalled();
    expect(useToastStore.getState().toasts).toEqual([]);
  });
});

describe('createQueryClient in the admin area', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a 401 or a 403 to the admin login page, not /api/login', async () => {
    for (const error of [unauthorized(), new ApiError(403, 'Forbidden', undefined)]) {
      const navigate = vi.fn();
      const client = createQueryClient({ isProtectedPage: () => true, isAdminPage: () => true, navigate });
      await client.fetchQuery({ queryKey: ['admin'], queryFn: () => Promise.reject(error) }).catch(() => {});
      expect(useToastStore.getState().toasts[0]).toMatchObject({ title: 'Unauthorized' });
      vi.advanceTimersByTime(500);
      expect(navigate).toHaveBeenCalledWith('/admin');
    }
  });

  it('outside the admin area a 403 is left to the page', async () => {
    const navigate = vi.fn();
    const client = createQueryClient({ isProtectedPage: () => true, navigate });
    await client
      .fetchQuery({ queryKey: ['x'], queryFn: () => Promise.reject(new ApiError(403, 'Forbidden', undefined)) })
      .catch(() => {});
    vi.advanceTimersByTime(1000);
    expect(navigate).not.toHaveBeenCalled();
  });
});
