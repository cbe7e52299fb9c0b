import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/auth';

/**
 * A cleaner's saved state: kept on the server for a signed-in user (the favourites API), and
 * only in the page for a visitor (docs/product/discovery.md).
 */
export function useFavourite(cleanerId: number) {
  const { isSignedIn } = useCurrentUser();
  const client = useQueryClient();
  const [local, setLocal] = useState(false);
  const saved = useQuery({
    queryKey: ['favourites'],
    queryFn: ({ signal }) => api.favourites.list(signal),
    enabled: isSignedIn,
  });
  const toggle = useMutation({
    mutationFn: (on: boolean) => (on ? api.favourites.add(cleanerId) : api.favourites.remove(cleanerId)),
    onSettled: () => client.invalidateQueries({ queryKey: ['favourites'] }),
  });
  if (!isSignedIn) return { favourite: local, toggle: () => setLocal((on) => !on) };
  const favourite = toggle.isPending
    ? Boolean(toggle.variables)
    : (saved.data?.items.some((item) => item.cleanerId === cleanerId) ?? false);
  return { favourite, toggle: () => toggle.mutate(!favourite) };
}
