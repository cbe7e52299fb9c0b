import { PHOTO_LIMITS } from '@spotless/sdk/rules';

/**
 * The rules of a damage report, pure (decision 080, decision 082): who sees it and its photos, who
 * may add photos and when, and which actions it offers. The services refuse by them and the
 * resource lists actions by them, so an action is offered exactly when it would succeed.
 */

export const MAX_DAMAGE_PHOTOS = PHOTO_LIMITS.maxPhotos;

/** What the rules need of a report: its state, who reported it, whose job it was, its photos so far. */
export interface DamageFacts {
  status: 'open' | 'released' | 'partial_refund' | 'full_refund';
  reporterUserId: number | null;
  /** The booking's cleaner. */
  cleanerId: number;
  photoCount: number;
}

/** Who is looking: their user (a person, or the named administrator), their cleaner profile, an admin session. */
export interface DamageViewer {
  userId: number | null;
  cleanerId: number | null;
  admin: boolean;
}

export type DamageAction = 'resolve' | 'addPhotos';

const isReporter = (facts: DamageFacts, viewer: DamageViewer) =>
  facts.reporterUserId !== null && viewer.userId === facts.reporterUserId;

/**
 * The customer who reported it, the booking's cleaner and administrators see a report and its
 * photos; to anyone else it does not exist (decision 007).
 */
export function maySeeReport(facts: DamageFacts, viewer: DamageViewer): boolean {
  return (
    viewer.admin || isReporter(facts, viewer) || (viewer.cleanerId !== null && viewer.cleanerId === facts.cleanerId)
  );
}

/**
 * Why this viewer may not add `adding` photos now, or null: `not_found` to someone who may not see
 * the report, `forbidden` to the cleaner and administrators (who see it but did not report it),
 * `closed` once it is resolved, `too_many` past five.
 */
export function photoRefusal(
  facts: DamageFacts,
  viewer: DamageViewer,
  adding = 1,
): 'not_found' | 'forbidden' | 'closed' | 'too_many' | null {
  if (!maySeeReport(facts, viewer)) return 'not_found';
  if (!isReporter(facts, viewer)) return 'forbidden';
  if (facts.status !== 'open') return 'closed';
  if (facts.photoCount + adding > MAX_DAMAGE_PHOTOS) return 'too_many';
  return null;
}

/** What this viewer may do to the report now: resolve it (an administrator, while open), add photos. */
export function damageActionsFor(facts: DamageFacts, viewer: DamageViewer): ReadonlySet<DamageAction> {
  const allowed = new Set<DamageAction>();
  if (viewer.admin && facts.status === 'open') allowed.add('resolve');
  if (photoRefusal(facts, viewer) === null) allowed.add('addPhotos');
  return allowed;
}
