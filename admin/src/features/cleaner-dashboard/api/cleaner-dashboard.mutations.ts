import type { Booking, PerformableAction, TimeSlot } from '@spotless/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingKeys, slotKeys } from '../../../entities/booking';
import { api } from '../../../lib/api';
import { cleanerKeys } from './cleaner-keys';

type JobAction = NonNullable<Booking['actions']['accept' | 'decline' | 'start' | 'complete']>;

/** Accept, Decline, Start or Mark Complete: the booking's own action, its href and method (decision 033). */
export function useJobAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...cleanerKeys.all, 'job-action'],
    mutationFn: ({
      action,
      status,
    }: {
      action: JobAction;
      status: 'confirmed' | 'cancelled' | 'in_progress' | 'completed';
    }) => api.perform(action, { status }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
      void queryClient.invalidateQueries({ queryKey: cleanerKeys.overview() });
      void queryClient.invalidateQueries({ queryKey: slotKeys.all });
    },
  });
}

type WithdrawAction = NonNullable<Booking['actions']['withdraw']>;

/** Withdraw from a confirmed job: the booking's own `withdraw` action, with the reason (decision 071). */
export function useWithdrawJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...cleanerKeys.all, 'withdraw'],
    mutationFn: ({ action, reason }: { action: WithdrawAction; reason: string }) => api.perform(action, { reason }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
      void queryClient.invalidateQueries({ queryKey: cleanerKeys.overview() });
      void queryClient.invalidateQueries({ queryKey: slotKeys.all });
    },
  });
}

/** Any create / update / delete action of the cleaner's hours or time off, then a refetch of both. */
export function useScheduleAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...cleanerKeys.all, 'schedule'],
    mutationFn: ({ action, body }: { action: PerformableAction; body?: Record<string, unknown> }) =>
      api.request(action.method.toUpperCase(), action.href, { body }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: cleanerKeys.all });
      void queryClient.invalidateQueries({ queryKey: slotKeys.all });
    },
  });
}

type ReleaseSlot = NonNullable<TimeSlot['actions']['release']>;

/** A slot's own `release` action, its href and method (decision 033); no slot offers `book` now (decision 076). */
export function useSlotAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...cleanerKeys.all, 'slot'],
    mutationFn: (input: { action: ReleaseSlot }) => api.perform(input.action),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: slotKeys.all }),
  });
}
