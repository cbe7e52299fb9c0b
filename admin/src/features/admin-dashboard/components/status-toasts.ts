import type { Application } from '@spotless/sdk';
import { errorMessage, errorStatus } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import { statusChangedToast } from '../utils/admin-dashboard';

/** 401 and 403 are the app's one error path here: 'Unauthorized', then the admin login page (docs/product/administration.md). */
const handledElsewhere = (error: unknown) => errorStatus(error) === 401 || errorStatus(error) === 403;

/** The toast after a status change, from the application the server answered. */
export function statusSuccessToast(application: Application): void {
  toast(statusChangedToast(application));
}

export function statusFailureToast(error: unknown): void {
  if (handledElsewhere(error)) return;
  toast({
    title: 'Update Failed',
    description: errorMessage(error, 'Failed to update the application. Please try again.'),
    variant: 'destructive',
  });
}

/** A failure with documents is titled 'Error' (docs/product/administration.md). */
export function documentFailureToast(error: unknown): void {
  if (handledElsewhere(error)) return;
  toast({
    title: 'Error',
    description: errorMessage(error, 'Failed to update the document. Please try again.'),
    variant: 'destructive',
  });
}
