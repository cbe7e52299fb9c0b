import type { BookingActions, DamageReport } from '@spotless/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingKeys } from '../../../entities/booking';
import { api } from '../../../lib/api';
import { type ChosenPhoto, photosFormData } from '../../../lib/photo-drafts';

export interface ReportedProblem {
  report: DamageReport;
  /** Set when the report was made but its photos were not sent. */
  photoError: unknown;
}

interface Callbacks {
  onSuccess: (reported: ReportedProblem) => void;
  onError: (error: Error) => void;
}

/**
 * Reports a problem with a completed job through the booking's `reportDamage` action (decision
 * 080), then sends its photos through the new report's own `addPhotos` action (multipart; decision
 * 082). The report stands even if the photos fail. The callbacks are the mutation's own, not
 * mutate()'s, so they run even if the refetch that follows changes the card.
 */
export function useReportDamage({ onSuccess, onError }: Callbacks) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...bookingKeys.all, 'report-damage'],
    mutationFn: async ({
      action,
      description,
      photos,
    }: {
      action: NonNullable<BookingActions['reportDamage']>;
      description: string;
      photos: readonly ChosenPhoto[];
    }): Promise<ReportedProblem> => {
      const report = await api.perform(action, { description });
      if (photos.length === 0 || !report.actions.addPhotos) return { report, photoError: null };
      try {
        return { report: await api.upload(report.actions.addPhotos, photosFormData(photos)), photoError: null };
      } catch (photoError) {
        return { report, photoError };
      }
    },
    onSuccess: (reported) => {
      onSuccess(reported);
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    },
    onError,
  });
}
