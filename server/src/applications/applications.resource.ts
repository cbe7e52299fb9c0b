import { centsToDollars } from '@spotless/sdk/rules';
import {
  type AdminApplicationPage,
  type Application,
  type ApplicationDocument,
  type ApplicationDocumentList,
  ApplicationInput,
  type ApplicationList,
  ApplicationStatusInput,
  DocumentReviewInput,
  DocumentUploadInput,
  type ServiceType,
} from '@spotless/sdk/schemas';
import { actionTo, linkTo, type Operations, pageLink, pageLinksTo } from '../contract/hypermedia';
import type { ApplicationAnswer, DocumentAnswer } from './applications.service';

/**
 * Applications and documents as the API answers them (decision 033): the product's fields, links, and
 * the actions the caller may take now, each listed exactly when the service would perform it.
 */

const uploadFields = { only: ['documentType', 'fileName', 'fileUrl'] } as const;

export function renderDocument(ops: Operations, answer: DocumentAnswer): ApplicationDocument {
  const { document: d, allowed } = answer;
  const id = d.id;
  const actions: ApplicationDocument['actions'] = {};
  if (allowed.has('delete')) {
    actions.delete = actionTo(ops, 'delete', 'deleteApplicationDocument', {
      title: 'Delete',
      params: { id },
    }) as ApplicationDocument['actions']['delete'];
  }
  const review = (name: 'verify' | 'reject', title: string, status: 'verified' | 'rejected') =>
    actionTo(ops, name, 'reviewApplicationDocument', {
      title,
      params: { id },
      body: DocumentReviewInput,
      only: status === 'verified' ? ['status'] : ['status', 'rejectionReason'],
      required: status === 'rejected' ? ['rejectionReason'] : [],
      values: { status },
      choices: { status: [status] },
    });
  if (allowed.has('verify')) {
    actions.verify = review('verify', 'Verify', 'verified') as ApplicationDocument['actions']['verify'];
  }
  if (allowed.has('reject')) {
    actions.reject = review('reject', 'Reject', 'rejected') as ApplicationDocument['actions']['reject'];
  }
  const file = linkTo(ops, 'downloadApplicationDocument', { id }, { title: d.fileName });
  return {
    id,
    applicationId: d.applicationId,
    documentType: d.documentType,
    fileName: d.fileName,
    fileUrl: file.href,
    fileSize: d.fileSize,
    mimeType: d.mimeType,
    status: d.status,
    rejectionReason: d.rejectionReason,
    uploadedAt: d.uploadedAt.toISOString(),
    links: {
      self: linkTo(ops, 'getApplicationDocument', { id }),
      file,
      application: linkTo(ops, 'getApplication', { id: d.applicationId }),
      page:
        answer.relation === 'applicant'
          ? pageLink('/apply-cleaner', 'Your application')
          : pageLink('/admin-dashboard', 'Administration'),
    },
    actions,
  };
}

function uploadAction<const Name extends string>(ops: Operations, name: Name, applicationId: number) {
  return actionTo(ops, name, 'uploadApplicationDocument', {
    title: 'Upload Document',
    description: 'A PDF, JPEG or PNG file of at most 10MB; also accepted as multipart/form-data (file, documentType).',
    params: { id: applicationId },
    body: DocumentUploadInput,
    ...uploadFields,
  });
}

export function renderApplication(ops: Operations, answer: ApplicationAnswer): Application {
  const { view, allowed, relation } = answer;
  const a = view.application;
  const id = a.id;
  const actions: Application['actions'] = {};
  const statusAction = (
    name: 'startReview' | 'approve' | 'reject',
    title: string,
    status: string,
    description?: string,
  ) =>
    actionTo(ops, name, 'setApplicationStatus', {
      title,
      ...(description ? { description } : {}),
      params: { id },
      body: ApplicationStatusInput,
      only: ['status', 'adminNotes'],
      required: status === 'rejected' ? ['adminNotes'] : [],
      values: { status, ...(a.adminNotes ? { adminNotes: a.adminNotes } : {}) },
      choices: { status: [status] },
    });
  if (allowed.has('startReview')) {
    actions.startReview = statusAction(
      'startReview',
      'Start Review',
      'under_review',
    ) as Application['actions']['startReview'];
  }
  if (allowed.has('approve'))
    actions.approve = statusAction(
      'approve',
      'Approve',
      'approved',
      unverifiedWarning(view.documentsTotal, view.documentsVerified),
    ) as Application['actions']['approve'];
  if (allowed.has('reject'))
    actions.reject = statusAction('reject', 'Reject', 'rejected') as Application['actions']['reject'];
  if (allowed.has('uploadDocument')) {
    actions.uploadDocument = uploadAction(ops, 'uploadDocument', id) as Application['actions']['uploadDocument'];
  }
  return {
    id,
    userId: a.userId,
    status: a.status,
    user: { firstName: view.firstName, lastName: view.lastName, email: view.email },
    experience: a.experience,
    hourlyRate: centsToDollars(a.hourlyRateCents),
    bio: a.bio,
    serviceTypes: a.serviceTypes as ServiceType[],
    coverageAreas: a.coverageAreas,
    hasInsurance: a.hasInsurance,
    hasBond: a.hasBond,
    previousExperience: a.previousExperience,
    equipment: a.equipment,
    availability: a.weeklyAvailability ?? null,
    emergencyContact: a.emergencyContact ?? null,
    references: a.references ?? null,
    submittedAt: a.submittedAt.toISOString(),
    reviewedAt: a.reviewedAt?.toISOString() ?? null,
    adminNotes: a.adminNotes,
    cleanerId: view.cleanerId,
    ...(answer.documents ? { documents: answer.documents.map((d) => renderDocument(ops, d)) } : {}),
    links: {
      self: linkTo(ops, 'getApplication', { id }),
      documents: linkTo(ops, 'listApplicationDocuments', { id }, { title: 'Documents' }),
      ...(relation === 'admin' ? { review: linkTo(ops, 'getAdminApplication', { id }, { title: 'Review' }) } : {}),
      ...(view.cleanerId !== null
        ? { cleaner: linkTo(ops, 'getCleaner', { id: view.cleanerId }, { title: 'Cleaner profile' }) }
        : {}),
      page:
        relation === 'applicant'
          ? pageLink('/apply-cleaner', 'Your application')
          : pageLink('/admin-dashboard', 'Administration'),
    },
    actions,
  };
}

export function renderOwnApplications(
  ops: Operations,
  list: { items: ApplicationAnswer[]; mayApply: boolean },
): ApplicationList {
  return {
    items: list.items.map((answer) => renderApplication(ops, answer)),
    total: list.items.length,
    links: { self: linkTo(ops, 'listApplications'), page: pageLink('/apply-cleaner', 'Become a cleaner') },
    actions: list.mayApply
      ? {
          apply: actionTo(ops, 'apply', 'submitApplication', {
            title: 'Submit Application',
            description: 'Reviews take 2-3 business days. Cleaners earn $20-50+ per hour.',
            body: ApplicationInput,
          }) as ApplicationList['actions']['apply'],
        }
      : {},
  };
}

export function renderDocumentList(ops: Operations, answer: ApplicationAnswer): ApplicationDocumentList {
  const id = answer.view.application.id;
  const items = (answer.documents ?? []).map((d) => renderDocument(ops, d));
  return {
    items,
    total: items.length,
    links: {
      self: linkTo(ops, 'listApplicationDocuments', { id }),
      application: linkTo(ops, 'getApplication', { id }),
    },
    actions: answer.allowed.has('uploadDocument')
      ? { upload: uploadAction(ops, 'upload', id) as ApplicationDocumentList['actions']['upload'] }
      : {},
  };
}

export function renderAdminPage(
  ops: Operations,
  page: {
    items: ApplicationAnswer[];
    total: number;
    page: number;
    pageSize: number;
    counts: AdminApplicationPage['counts'];
  },
  query: { status?: string },
): AdminApplicationPage {
  return {
    items: page.items.map((answer) => renderApplication(ops, answer)),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    counts: page.counts,
    links: {
      ...pageLinksTo(ops, 'listAdminApplications', {}, { status: query.status, pageSize: page.pageSize }, page),
      page: pageLink('/admin-dashboard', 'Administration'),
    },
  };
}

/**
 * The warning on Approve when the documents are not all verified: approving makes the applicant a
 * cleaner customers can book into their homes, so the administrator is told what is unchecked.
 */
export function unverifiedWarning(total: number, verified: number): string | undefined {
  if (total === 0) return 'No documents were uploaded: nothing about this applicant has been verified.';
  const unverified = total - verified;
  if (unverified === 0) return undefined;
  return `${unverified} of ${total} ${total === 1 ? 'document is' : 'documents are'} not verified yet.`;
}
