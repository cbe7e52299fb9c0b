import {
  type Actor,
  isAdmin,
  requireAdmin,
  requirePerson,
  requirePersonOrAdmin,
  requirePersonWriting,
  userIdOf,
} from '../contract/actor';
import { AppError, notFound } from '../contract/errors';
import type { Queryable } from '../db/client';
import {
  type ApplicationCapability,
  type ApplicationFacts,
  type ApplicationViewer,
  applicationActionsFor,
  type DocumentCapability,
  documentActionsFor,
  mayChangeDocuments,
  maySee,
  relationTo,
} from './application-rules';
import { type ApplicationView, type DocumentRow, findApplicationView, findDocument } from './applications.queries';

/**
 * How the application services see applications and documents for one actor: the rules' viewer,
 * what each answer holds and what the actor may do to it. Another user's application or document
 * answers 404, like a missing one (decision 007).
 */

/** Signed in or an administrator (reads): the person, else the named administrator. */
export function readerOf(actor: Actor): ApplicationViewer {
  requirePersonOrAdmin(actor);
  return { userId: userIdOf(actor), isAdmin: isAdmin(actor) };
}

/** The signed-in person, who may also hold an admin session; the assistant only reads. */
export function applicantOf(actor: Actor, writing: boolean): ApplicationViewer & { userId: number } {
  const person = writing ? requirePersonWriting(actor) : requirePerson(actor);
  return { userId: person.userId, isAdmin: isAdmin(actor) };
}

/** An administrator session, named for the audit log (decision 030). */
export function reviewerOf(actor: Actor): ApplicationViewer {
  return { userId: requireAdmin(actor).adminUserId, isAdmin: true };
}

/** At most this many documents on one application: enough for every type twice over. */
export const MAX_DOCUMENTS = 20;

export interface DocumentAnswer {
  document: DocumentRow;
  relation: 'applicant' | 'admin' | null;
  allowed: ReadonlySet<DocumentCapability>;
}

export interface ApplicationAnswer {
  view: ApplicationView;
  relation: 'applicant' | 'admin' | null;
  allowed: ReadonlySet<ApplicationCapability>;
  documents?: DocumentAnswer[];
}

export const applicationNotFound = () => notFound('Application');
export const documentNotFound = () => notFound('Document');

export const factsOf = (view: ApplicationView): ApplicationFacts => ({
  userId: view.application.userId,
  status: view.application.status,
  coverageAreas: view.application.coverageAreas,
});

export function answerOf(
  view: ApplicationView,
  viewer: ApplicationViewer,
  documents?: DocumentRow[],
): ApplicationAnswer {
  const facts = factsOf(view);
  return {
    view,
    relation: relationTo(facts, viewer),
    allowed: applicationActionsFor(facts, viewer),
    ...(documents ? { documents: documents.map((d) => documentAnswerOf(d, facts, viewer)) } : {}),
  };
}

export function documentAnswerOf(document: DocumentRow, application: ApplicationFacts, viewer: ApplicationViewer) {
  return {
    document,
    relation: relationTo(application, viewer),
    allowed: documentActionsFor(document, application, viewer),
  };
}

export async function loadVisible(db: Queryable, id: number, viewer: ApplicationViewer) {
  const view = await findApplicationView(db, id);
  if (!view || !maySee(view.application, viewer)) throw applicationNotFound();
  return view;
}

export async function loadDocument(db: Queryable, id: number, viewer: ApplicationViewer) {
  const document = await findDocument(db, id);
  if (!document) throw documentNotFound();
  const view = await findApplicationView(db, document.applicationId);
  if (!view || !maySee(view.application, viewer)) throw documentNotFound();
  return { document, view };
}

/** Why this viewer may not change this application's documents now, or null. */
export function uploadRefusal(view: ApplicationView, viewer: ApplicationViewer): AppError | null {
  if (mayChangeDocuments(factsOf(view), viewer)) return null;
  if (viewer.userId !== view.application.userId) {
    return new AppError(403, 'forbidden', 'Forbidden: only the applicant uploads documents');
  }
  return new AppError(
    409,
    'application_closed',
    `This application is ${view.application.status.replace('_', ' ')}: documents can no longer be changed`,
  );
}
