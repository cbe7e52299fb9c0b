import { hostedPageOf } from '@spotless/sdk/rules';
import { getCleaner } from './cleaners/cleaners.service';
import { visitor } from './contract/actor';
import { AppError } from './contract/errors';
import type { Deps } from './deps';

/**
 * Whether a hosted page's address names something that does not exist: a cleaner's profile or
 * booking page for no active cleaner (`/cleaner/999999`). The page itself still loads and says
 * "Cleaner Not Found"; its document answers 404, as an unknown path's does (decision 046), so
 * crawlers and monitors see no page where there is none. Asked as a visitor: what a visitor may not
 * see is no page either. Only a definite "not found" counts; a database that fails to answer leaves
 * the page to say what it can.
 */
export async function namesMissingResource(deps: Pick<Deps, 'database'>, pathname: string): Promise<boolean> {
  const page = hostedPageOf(pathname);
  if (page !== '/cleaner/:id' && page !== '/booking/:cleanerId/:serviceId?') return false;
  // The pages read the id as they do: a positive whole number, anything else naming no cleaner.
  const id = Number(pathname.split('/').filter(Boolean)[1]);
  if (!Number.isSafeInteger(id) || id <= 0) return true;
  try {
    await getCleaner(deps, visitor, id);
    return false;
  } catch (error) {
    return error instanceof AppError && error.status === 404;
  }
}
