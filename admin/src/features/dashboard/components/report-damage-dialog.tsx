import type { Booking } from '@spotless/sdk';
import { type FormEvent, useState } from 'react';
import { DialogFooter } from '../../../components/dialog-footer';
import { Field } from '../../../components/field';
import { ModalDialog } from '../../../components/modal-dialog';
import { PhotoPicker } from '../../../components/photo-picker';
import { errorMessage, fieldErrors } from '../../../lib/api-errors';
import { type ChosenPhoto, MAX_PHOTOS } from '../../../lib/photo-drafts';
import { toast } from '../../../lib/toast';
import { useReportDamage } from '../api/report-damage';

const photosText = (n: number) => (n === 1 ? '1 photo' : `${n} photos`);

/**
 * The booking's `reportDamage` action (decisions 080 and 082): within 24 hours of a completed job,
 * the customer describes what went wrong and may add up to five photos, checked before they are
 * sent; the cleaner is told and their payout waits for our decision.
 */
export function ReportDamageButton({ booking }: { booking: Booking }) {
  const action = booking.actions.reportDamage;
  const [open, setOpen] = useState(false);
  const [description, setDescription] = useState('');
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [problems, setProblems] = useState<{ description?: string; photos?: string }>({});
  const report = useReportDamage({
    onSuccess: ({ report: made, photoError }) => {
      setOpen(false);
      setPhotos([]);
      if (photoError) {
        toast({
          title: 'Problem reported, photos not sent',
          description: `We have your report, but its photos were not sent: ${errorMessage(photoError, 'please try again later.')}`,
          variant: 'destructive',
        });
        return;
      }
      toast({
        title: 'Problem reported',
        description: `${made.photos.length > 0 ? `Your report and its ${photosText(made.photos.length)} are with us. ` : ''}We will look at it and e-mail you what we decide, usually within two working days.`,
      });
    },
    onError: (error) => {
      const fields = fieldErrors(error);
      setProblems({
        description: fields.description ?? (fields.photos ? undefined : errorMessage(error, 'Please try again.')),
        photos: fields.photos,
      });
    },
  });
  if (!action) return null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (report.isPending) return;
    setProblems({});
    if (description.trim().length < 10) {
      setProblems({ description: 'Describe what happened in at least 10 characters' });
      return;
    }
    report.mutate({ action, description: description.trim(), photos });
  };
  return (
    <>
      <button
        type="button"
        className="btn btn--outline btn--sm"
        // Reopened, the dialog starts without the last attempt's messages.
        onClick={() => {
          setProblems({});
          setOpen(true);
        }}
        aria-haspopup="dialog"
      >
        {action.title}
      </button>
      <ModalDialog
        open={open}
        title="Report a problem"
        description={action.description}
        onClose={() => setOpen(false)}
        testId="report-damage"
      >
        <form className="form" noValidate onSubmit={submit}>
          <Field label="What happened?" error={problems.description}>
            {(control) => (
              <textarea
                {...control}
                rows={4}
                maxLength={2000}
                value={description}
                onChange={(event) => {
                  setDescription(event.target.value);
                  // Being fixed: the message about the text goes until the next send.
                  setProblems(({ description: _stale, ...rest }) => rest);
                }}
              />
            )}
          </Field>
          <PhotoPicker
            label="Photos (optional)"
            hint={`Up to ${MAX_PHOTOS} JPEG or PNG photos, each under 10MB: what was damaged, close up and from a step back.`}
            noun="report"
            photos={photos}
            error={problems.photos}
            onChosen={(chosen) => setPhotos((current) => [...current, ...chosen])}
            onRemove={(key) => setPhotos((current) => current.filter((p) => p.key !== key))}
            onProblem={(problem) =>
              setProblems(({ photos: _old, ...rest }) =>
                problem ? { ...rest, photos: `${problem.title}: ${problem.description}` } : rest,
              )
            }
          />
          <DialogFooter
            submitLabel="Send report"
            pendingLabel="Sending..."
            pending={report.isPending}
            onCancel={() => setOpen(false)}
          />
        </form>
      </ModalDialog>
    </>
  );
}
