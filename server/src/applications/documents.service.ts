import type { ApplicationDocumentType, DocumentReviewInput } from '@spotless/sdk/schemas';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../audit/audit-log';
import type { Actor } from '../contract/actor';
import { AppError } from '../contract/errors';
import { applicationDocuments } from '../db/schema';
import type { Deps } from '../deps';
import type { StoredFile } from '../files/file-storage';
import { EXTENSION, type ReceivedFile } from '../files/uploads';
import { documentRejectedEmail } from '../notifications/cleaner-emails';
import { enqueueNotification } from '../notifications/outbox';
import { siteOf } from '../notifications/site';
import {
  answerOf,
  applicantOf,
  type DocumentAnswer,
  documentAnswerOf,
  factsOf,
  loadDocument,
  loadVisible,
  MAX_DOCUMENTS,
  readerOf,
  reviewerOf,
  uploadRefusal,
} from './application-access.service';
import { documentReviewRefusal } from './application-rules';
import { type DocumentRow, documentsOf, insertDocument } from './applications.queries';

/**
 * An application's documents: the applicant uploads and removes them while it is open, the
 * applicant and administrators read them, administrators verify or reject them.
 */

type ApplicationDeps = Pick<Deps, 'database' | 'clock' | 'files' | 'logger' | 'config' | 'requestUrl'>;
type ReviewInput = z.output<typeof DocumentReviewInput>;

export async function listApplicationDocuments(deps: ApplicationDeps, actor: Actor, applicationId: number) {
  const viewer = readerOf(actor);
  const { db } = deps.database;
  const view = await loadVisible(db, applicationId, viewer);
  return { application: answerOf(view, viewer, await documentsOf(db, applicationId)) };
}

function randomName(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Stores an uploaded document: the bytes under a key the server chooses, then the row naming it.
 * Who may upload is checked before `read` is called, so a stranger's 10 MB is never taken in (404
 * for someone else's application, 403 for an administrator, 409 once it is decided). If the row
 * cannot be written the bytes are deleted again, so a refused upload leaves nothing.
 */
export async function uploadDocument(
  deps: ApplicationDeps,
  actor: Actor,
  applicationId: number,
  read: () => Promise<{ documentType: ApplicationDocumentType; file: ReceivedFile }>,
): Promise<DocumentAnswer> {
  const viewer = applicantOf(actor, true);
  const refused = uploadRefusal(await loadVisible(deps.database.db, applicationId, viewer), viewer);
  if (refused) throw refused;
  const upload = await read();
  const { file } = upload;
  const key = `documents/${applicationId}/${randomName()}.${EXTENSION[file.type]}`;
  await deps.files.put(key, file.bytes, { contentType: file.type });
  try {
    return await deps.database.write(async (tx) => {
      const now = deps.clock.now();
      const view = await loadVisible(tx, applicationId, viewer);
      const refusal = uploadRefusal(view, viewer);
      if (refusal) throw refusal;
      if ((await documentsOf(tx, applicationId)).length >= MAX_DOCUMENTS) {
        throw new AppError(409, 'too_many_documents', `An application holds at most ${MAX_DOCUMENTS} documents`);
      }
      const document = await insertDocument(tx, {
        applicationId,
        documentType: upload.documentType,
        fileName: file.fileName,
        storageKey: key,
        fileSize: file.bytes.byteLength,
        mimeType: file.type,
        status: 'pending',
        uploadedAt: now,
      });
      await recordAudit(tx, {
        createdAt: now,
        actorUserId: viewer.userId,
        actorRole: 'customer',
        action: 'application_document.uploaded',
        entityType: 'application_document',
        entityId: String(document.id),
        details: { applicationId, documentType: upload.documentType, fileSize: document.fileSize, mimeType: file.type },
      });
      return documentAnswerOf(document, factsOf(view), viewer);
    });
  } catch (error) {
    await deps.files.delete(key).catch(() => undefined);
    throw error;
  }
}

export async function getDocument(deps: ApplicationDeps, actor: Actor, id: number) {
  const viewer = readerOf(actor);
  const { document, view } = await loadDocument(deps.database.db, id, viewer);
  return documentAnswerOf(document, factsOf(view), viewer);
}

/** The document's bytes, for its applicant and administrators only. */
export async function openDocumentFile(
  deps: ApplicationDeps,
  actor: Actor,
  id: number,
): Promise<{ document: DocumentRow; file: StoredFile }> {
  const viewer = readerOf(actor);
  const { document } = await loadDocument(deps.database.db, id, viewer);
  const file = await deps.files.get(document.storageKey);
  if (!file) {
    deps.logger.error('document bytes missing', { documentId: id, key: document.storageKey });
    throw new AppError(404, 'not_found', 'The file of this document is missing');
  }
  return { document, file };
}

/** The applicant removes a document while the application is open; its bytes go with it. */
export async function deleteDocument(deps: ApplicationDeps, actor: Actor, id: number) {
  const viewer = applicantOf(actor, true);
  const removed = await deps.database.write(async (tx) => {
    const now = deps.clock.now();
    const { document, view } = await loadDocument(tx, id, viewer);
    const refusal = uploadRefusal(view, viewer);
    if (refusal) throw refusal;
    await tx.delete(applicationDocuments).where(eq(applicationDocuments.id, id));
    await recordAudit(tx, {
      createdAt: now,
      actorUserId: viewer.userId,
      actorRole: 'customer',
      action: 'application_document.deleted',
      entityType: 'application_document',
      entityId: String(id),
      details: { applicationId: document.applicationId, documentType: document.documentType },
    });
    return { document, view };
  });
  try {
    await deps.files.delete(removed.document.storageKey);
  } catch (error) {
    deps.logger.warn('document bytes not deleted', { key: removed.document.storageKey, error: String(error) });
  }
  return answerOf(removed.view, viewer);
}

/** An administrator verifies a document, or rejects it with a reason (required) the applicant is sent. */
export async function reviewDocument(
  deps: ApplicationDeps,
  actor: Actor,
  id: number,
  input: ReviewInput,
): Promise<DocumentAnswer> {
  const viewer = reviewerOf(actor);
  const reason = input.rejectionReason?.trim() ?? '';
  return deps.database.write(async (tx) => {
    const now = deps.clock.now();
    const { document, view } = await loadDocument(tx, id, viewer);
    const refusal = documentReviewRefusal(document, input.status, viewer);
    if (refusal === 'same_status') {
      throw new AppError(409, 'same_status', `This document is already ${input.status}`);
    }
    const [updated] = await tx
      .update(applicationDocuments)
      .set({ status: input.status, rejectionReason: input.status === 'rejected' ? reason : null })
      .where(eq(applicationDocuments.id, id))
      .returning();
    if (!updated) throw new Error('document update returned no row');
    await recordAudit(tx, {
      createdAt: now,
      actorUserId: viewer.userId,
      actorRole: 'admin',
      action: `application_document.${input.status}`,
      entityType: 'application_document',
      entityId: String(id),
      details: { applicationId: document.applicationId, from: document.status, reason: reason || null },
    });
    if (input.status === 'rejected') {
      await enqueueNotification(tx, now, {
        type: 'application_document_rejected',
        recipientEmail: view.email,
        recipientUserId: view.application.userId,
        ...documentRejectedEmail(siteOf(deps), { firstName: view.firstName, fileName: document.fileName, reason }),
        payload: { applicationId: document.applicationId, documentId: id },
      });
    }
    return documentAnswerOf(updated, factsOf(view), viewer);
  });
}
