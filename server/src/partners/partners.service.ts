import type { Deps } from '../deps';
import type { Partner } from '../lib/actor';
import { AppError } from '../lib/errors';
import { findActivePartnerByKey } from './partners.queries';

/** Publishable keys are short, printable and start with `pk_`; anything else is not looked up. */
const KEY_SHAPE = /^pk_[A-Za-z0-9_]{1,100}$/;

/**
 * The partner actor of a request carrying a publishable key (decision 043). An unknown or
 * inactive key is refused outright; a known one is resolved, and the services refuse it
 * everything until partner widgets are built.
 */
export async function partnerActorFor(
  deps: Pick<Deps, 'database'>,
  publishableKey: string,
  origin: string | null,
): Promise<Partner> {
  const partner = KEY_SHAPE.test(publishableKey)
    ? await findActivePartnerByKey(deps.database.db, publishableKey)
    : undefined;
  if (!partner) throw new AppError(403, 'forbidden', 'Forbidden: unknown or inactive publishable key');
  return { kind: 'partner', partnerId: partner.id, origin };
}
