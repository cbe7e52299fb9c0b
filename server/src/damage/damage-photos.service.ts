import { recordAudit } from '../audit/audit-log';
import { contactsOf, findBooking } from '../bookings/bookings.queries';
import { type Actor, requirePersonOrAdmin, requirePersonWriting } from '../contract/actor';
import { AppError, notFound } from '../contract/errors';
import { damageReportPhotos } from '../db/schema';
import type { Deps } from '../deps';
import {
  type OpenedPhoto,
  openPhoto,
  type PhotoOwner,
  type PhotoUpload,
  storePhotos,
  tooManyPhotos,
} from '../files/photos';
import { damagePhotosAddedEmail } from '../notifications/money-emails';
import { enqueueNotification } from '../notifications/outbox';
import { siteOf } from '../notifications/site';
import { findReport, findReportPhoto } from './damage.queries';
import { type DamageAnswer, damageAnswer, damageViewerOf } from './damage.service';
import { MAX_DAMAGE_PHOTOS, maySeeReport, photoRefusal } from './damage-rules';

/**
 * A damage report's photos (decision 082): the customer who reported the problem adds them to the
 * open report — up to five, each checked and re-encoded as a review's are (files/photos.ts) — and
 * the cleaner is e-mailed how many; the reporter, the booking's cleaner and administrators see
 * them, and to anyone else they do not exist.
 */

type PhotoDeps = Pick<Deps, 'database' | 'clock' | 'files' | 'config'> & Partial<Pick<Deps, 'requestUrl'>>;

/** Where a damage report's photos are kept, and what a refusal calls it. */
export const DAMAGE_PHOTOS: PhotoOwner = { folder: 'damage-reports', noun: 'damage report' };

const reportNotFound = () => notFound('Damage report');

function refusalError(refusal: NonNullable<ReturnType<typeof photoRefusal>>): AppError {
  switch (refusal) {
    case 'not_found':
      return reportNotFound();
    case 'forbidden':
      return new AppError(403, 'forbidden', 'Forbidden: only the customer who reported the problem adds photos');
    case 'closed':
      return new AppError(409, 'report_closed', 'This report is resolved: photos can no longer be added', {
        photos: 'The report is resolved',
      });
    case 'too_many':
      return tooManyPhotos(DAMAGE_PHOTOS);
  }
}

/**
 * The reporter adds photos to their open report. Who may, and how many more fit, are decided before
 * `read` is called, so nobody else's upload is ever read; `read(slots)` reads and checks at most
 * that many files. The bytes are stored first, under keys the server chooses; the rows, the audit
 * entry and the cleaner's e-mail follow in one transaction that decides again (a concurrent upload
 * may have filled the slots, an administrator may have resolved it), and the bytes are deleted if it
 * refuses. Refused to the assistant.
 */
export async function addDamageReportPhotos(
  deps: PhotoDeps,
  actor: Actor,
  id: number,
  read: (slots: number) => Promise<PhotoUpload[]>,
): Promise<DamageAnswer> {
  const person = requirePersonWriting(actor);
  const viewer = damageViewerOf(actor);
  const { db } = deps.database;
  const found = await findReport(db, id);
  if (!found) throw reportNotFound();
  const refusal = photoRefusal(found.facts, viewer);
  if (refusal) throw refusalError(refusal);
  const uploads = await read(MAX_DAMAGE_PHOTOS - found.facts.photoCount);
  await storePhotos(deps.files, DAMAGE_PHOTOS, id, uploads, (stored) =>
    deps.database.write(async (tx) => {
      const now = deps.clock.now();
      const current = await findReport(tx, id);
      if (!current) throw reportNotFound();
      const again = photoRefusal(current.facts, viewer, stored.length);
      if (again) throw refusalError(again);
      await tx
        .insert(damageReportPhotos)
        .values(stored.map((photo) => ({ reportId: id, storageKey: photo.key, createdAt: now })));
      const total = current.facts.photoCount + stored.length;
      const { bookingId } = current.row;
      await recordAudit(tx, {
        createdAt: now,
        actorUserId: person.userId,
        actorRole: 'customer',
        action: 'damage_report.photos_added',
        entityType: 'booking',
        entityId: String(bookingId),
        details: { reportId: id, added: stored.length, total },
      });
      const booking = await findBooking(tx, bookingId);
      const cleaner = booking ? (await contactsOf(tx, booking)).cleaner : undefined;
      if (booking && cleaner) {
        await enqueueNotification(tx, now, {
          type: 'damage_photos_added',
          recipientEmail: cleaner.email,
          recipientUserId: cleaner.userId,
          ...damagePhotosAddedEmail(siteOf(deps), {
            firstName: cleaner.firstName,
            startsAt: booking.startsAt,
            timeZone: booking.timeZone,
            added: stored.length,
            total,
          }),
          dedupeKey: `damage_photos_added:${id}:${total}`,
        });
      }
    }),
  );
  return damageAnswer(db, actor, id);
}

/**
 * A report's photo: its bytes and the type they were found to be, for the customer who reported it,
 * the booking's cleaner and administrators; 404 for anyone else, as for no such photo.
 */
export async function openDamageReportPhoto(
  deps: Pick<Deps, 'database' | 'files'>,
  actor: Actor,
  reportId: number,
  photoId: number,
): Promise<OpenedPhoto> {
  requirePersonOrAdmin(actor);
  const { db } = deps.database;
  const found = await findReport(db, reportId);
  if (!found || !maySeeReport(found.facts, damageViewerOf(actor))) throw notFound('Photo');
  const photo = await findReportPhoto(db, reportId, photoId);
  const file = photo ? await openPhoto(deps.files, photo.storageKey) : null;
  if (!file) throw notFound('Photo');
  return file;
}
