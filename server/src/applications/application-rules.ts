import { CITIES, type City, lookupCity } from '@spotless/sdk/cities';

/**
 * The rules of cleaner applications and their documents, without I/O: who sees what, which status
 * changes are legal, and what each viewer may do now. The service checks these before it writes
 * and the resource lists the same answers as actions (decision 033).
 */

export type ApplicationStatus = 'pending' | 'under_review' | 'approved' | 'rejected';
export type DocumentStatus = 'pending' | 'verified' | 'rejected';

/** Who looks: a signed-in user (maybe also holding an admin session), or an admin session alone. */
export interface ApplicationViewer {
  userId: number | null;
  isAdmin: boolean;
}

export interface ApplicationFacts {
  userId: number;
  status: ApplicationStatus;
  coverageAreas: readonly string[];
}

/** Pending and under review: the applicant may still add and remove documents, and may not apply again. */
export function isOpen(status: ApplicationStatus): boolean {
  return status === 'pending' || status === 'under_review';
}

/**
 * How the viewer relates to an application: its applicant, an administrator, or nobody (answered
 * 404 like a missing one, decision 007).
 */
export function relationTo(
  application: Pick<ApplicationFacts, 'userId'>,
  viewer: ApplicationViewer,
): 'applicant' | 'admin' | null {
  if (viewer.userId !== null && viewer.userId === application.userId) return 'applicant';
  if (viewer.isAdmin) return 'admin';
  return null;
}

export function maySee(application: Pick<ApplicationFacts, 'userId'>, viewer: ApplicationViewer): boolean {
  return relationTo(application, viewer) !== null;
}

/**
 * The administrator's status changes. Quick approve and reject are for pending applications; the
 * detailed review can approve or reject any application (docs/product/administration.md), so a
 * rejected one can still be approved and an approved one rejected (which suspends the cleaner
 * profile).
 */
const NEXT: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  pending: ['under_review', 'approved', 'rejected'],
  under_review: ['approved', 'rejected'],
  approved: ['rejected'],
  rejected: ['approved'],
};

export type StatusRefusal = 'forbidden' | 'same_status' | 'illegal_transition' | 'unknown_city';

export function statusRefusal(
  application: ApplicationFacts,
  to: ApplicationStatus,
  viewer: ApplicationViewer,
): StatusRefusal | null {
  if (!viewer.isAdmin) return 'forbidden';
  if (application.status === to) return 'same_status';
  if (!NEXT[application.status].includes(to)) return 'illegal_transition';
  if (to === 'approved' && !cityOf(application.coverageAreas)) return 'unknown_city';
  return null;
}

export type ApplyRefusal = 'already_pending' | 'already_cleaner';

/** One open application per user; someone who is already an active cleaner does not apply. */
export function applyRefusal(facts: { hasOpenApplication: boolean; isActiveCleaner: boolean }): ApplyRefusal | null {
  if (facts.hasOpenApplication) return 'already_pending';
  if (facts.isActiveCleaner) return 'already_cleaner';
  return null;
}

/** Only the applicant adds or removes documents, and only while the application is open. */
export function mayChangeDocuments(application: ApplicationFacts, viewer: ApplicationViewer): boolean {
  return viewer.userId !== null && viewer.userId === application.userId && isOpen(application.status);
}

export type DocumentReviewRefusal = 'forbidden' | 'same_status';

/** An administrator verifies or rejects a document, each once in a row. */
export function documentReviewRefusal(
  document: { status: DocumentStatus },
  to: 'verified' | 'rejected',
  viewer: ApplicationViewer,
): DocumentReviewRefusal | null {
  if (!viewer.isAdmin) return 'forbidden';
  if (document.status === to) return 'same_status';
  return null;
}

export type ApplicationCapability = 'startReview' | 'approve' | 'reject' | 'uploadDocument';
export type DocumentCapability = 'delete' | 'verify' | 'reject';

export function applicationActionsFor(
  application: ApplicationFacts,
  viewer: ApplicationViewer,
): ReadonlySet<ApplicationCapability> {
  const allowed = new Set<ApplicationCapability>();
  if (statusRefusal(application, 'under_review', viewer) === null) allowed.add('startReview');
  if (statusRefusal(application, 'approved', viewer) === null) allowed.add('approve');
  if (statusRefusal(application, 'rejected', viewer) === null) allowed.add('reject');
  if (mayChangeDocuments(application, viewer)) allowed.add('uploadDocument');
  return allowed;
}

export function documentActionsFor(
  document: { status: DocumentStatus },
  application: ApplicationFacts,
  viewer: ApplicationViewer,
): ReadonlySet<DocumentCapability> {
  const allowed = new Set<DocumentCapability>();
  if (mayChangeDocuments(application, viewer)) allowed.add('delete');
  if (documentReviewRefusal(document, 'verified', viewer) === null) allowed.add('verify');
  if (documentReviewRefusal(document, 'rejected', viewer) === null) allowed.add('reject');
  return allowed;
}

const CITY_NAMES = [...CITIES].sort((a, b) => b.name.length - a.name.length);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const CITY_WORDS = new Map(CITY_NAMES.map((city) => [city, new RegExp(`\\b${escapeRegExp(city.name)}\\b`, 'i')]));

/**
 * The city a cleaner is placed in (coordinates and time zone for search and slots): the first
 * coverage area that names one of the built-in cities, as "Austin", "Austin, TX" or within a
 * neighbourhood such as "Downtown Austin".
 */
export function cityOf(coverageAreas: readonly string[]): City | undefined {
  for (const area of coverageAreas) {
    const exact = lookupCity(area);
    if (exact) return exact;
  }
  for (const area of coverageAreas) {
    // "Downtown Austin, TX" is Austin; "Austin, CA" is not.
    const comma = area.lastIndexOf(',');
    const place = comma === -1 ? area : area.slice(0, comma);
    const state =
      comma === -1
        ? null
        : area
            .slice(comma + 1)
            .trim()
            .toUpperCase();
    for (const city of CITY_NAMES) {
      if ((state === null || state === city.state) && CITY_WORDS.get(city)?.test(place)) return city;
    }
  }
  return undefined;
}

export const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof DAYS)[number];
export type WeeklyAvailabilityMap = Partial<Record<string, { available: boolean; hours: string }>>;

const HOURS = /^([01]?\d|2[0-3]):([0-5]\d)\s*-\s*([01]?\d|2[0-3]):([0-5]\d)$/;
const pad = (n: string) => n.padStart(2, '0');

/** Without a map from the form: Monday to Friday, 9:00 to 17:00. */
export const DEFAULT_WEEK: WeeklyAvailabilityMap = Object.fromEntries(
  DAYS.slice(1, 6).map((day) => [day, { available: true, hours: '9:00-17:00' }]),
);

/**
 * The weekly hours an approved cleaner starts with, from the application's map: one row per
 * available day whose hours read "H:MM-H:MM" with the start first (dayOfWeek 0 = Sunday).
 */
export function weeklyHours(
  map: WeeklyAvailabilityMap | null | undefined,
): Array<{ dayOfWeek: number; startTime: string; endTime: string }> {
  const week = map ?? DEFAULT_WEEK;
  const rows: Array<{ dayOfWeek: number; startTime: string; endTime: string }> = [];
  DAYS.forEach((day, dayOfWeek) => {
    const entry = week[day];
    if (!entry?.available) return;
    const m = HOURS.exec(entry.hours.trim());
    if (!m) return;
    const startTime = `${pad(m[1] as string)}:${m[2]}`;
    const endTime = `${pad(m[3] as string)}:${m[4]}`;
    if (startTime >= endTime) return;
    rows.push({ dayOfWeek, startTime, endTime });
  });
  return rows;
}
