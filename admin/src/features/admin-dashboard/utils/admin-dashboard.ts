import type {
  ActionField,
  Application,
  ApplicationCounts,
  ApplicationDocument,
  ApplicationStatus,
} from '@spotless/sdk';
import { APPLICATION_STATUSES, formatFileSize, MESSAGES, statusText } from '@spotless/sdk';
import { fieldValue, validate } from '@spotless/sdk/forms';

/** The admin dashboard's four tabs, one per application status (docs/product/administration.md). */
export const APPLICATION_TABS: readonly { id: ApplicationStatus; label: string }[] = APPLICATION_STATUSES.map(
  (status) => ({ id: status, label: statusText(status) }),
);

/** Applications per page of a tab's table. */
export const APPLICATIONS_PAGE_SIZE = 20;

/** The status as shown in badges and cards. */
export function applicationStatusText(status: ApplicationStatus): string {
  return statusText(status);
}

/** The badge colour of an application status. */
export function applicationTone(status: ApplicationStatus): 'yellow' | 'blue' | 'green' | 'red' {
  switch (status) {
    case 'pending':
      return 'yellow';
    case 'under_review':
      return 'blue';
    case 'approved':
      return 'green';
    default:
      return 'red';
  }
}

/** The count cards, in the order of the tabs, then the total (the server counts every application). */
export function countCards(counts: ApplicationCounts): { label: string; value: number }[] {
  return [
    ...APPLICATION_TABS.map((tab) => ({ label: tab.label, value: counts[tab.id] })),
    { label: 'Total', value: counts.total },
  ];
}

/** What each tab shows when it has no applications. */
export function emptyTabText(status: ApplicationStatus): { title: string; text: string } {
  switch (status) {
    case 'pending':
      return { title: 'No Pending Applications', text: 'New cleaner applications will appear here.' };
    case 'under_review':
      return { title: 'No Applications Under Review', text: 'Applications you start reviewing will appear here.' };
    case 'approved':
      return { title: 'No Approved Applications', text: 'Approved cleaners will appear here.' };
    default:
      return { title: 'No Rejected Applications', text: 'Rejected applications will appear here.' };
  }
}

/** The applicant's name; the e-mail address when the account has none. */
export function applicantName(application: Pick<Application, 'user'>): string {
  const name = [application.user.firstName, application.user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || application.user.email;
}

const EXPERIENCE_TEXT: Record<string, string> = {
  '0-1': 'Less than 1 year',
  '1-3': '1-3 years',
  '3-5': '3-5 years',
  '5-10': '5-10 years',
  '10+': '10+ years',
};

/** The application's experience options (docs/product/cleaners.md), in the words of the application form. */
export function experienceText(experience: string): string {
  return EXPERIENCE_TEXT[experience] ?? experience;
}

const SERVICE_TEXT: Record<string, string> = {
  residential: 'Residential',
  commercial: 'Commercial',
  deep: 'Deep Cleaning',
  moveout: 'Move-out',
};

export function serviceTypesText(types: readonly string[]): string {
  return types.length === 0 ? 'None' : types.map((type) => SERVICE_TEXT[type] ?? type).join(', ');
}

const DOCUMENT_TYPE_TEXT: Record<string, string> = {
  id: 'Government ID',
  insurance: 'Insurance certificate',
  bond: 'Bond certificate',
  reference_letter: 'Reference letter',
  background_check: 'Background check',
};

export function documentTypeText(type: string): string {
  return DOCUMENT_TYPE_TEXT[type] ?? type;
}

/** Verified, rejected, otherwise pending verification (docs/product/administration.md). */
export function documentStatusText(status: ApplicationDocument['status']): string {
  if (status === 'verified') return 'Verified';
  if (status === 'rejected') return 'Rejected';
  return 'Pending Verification';
}

export function documentTone(status: ApplicationDocument['status']): 'green' | 'red' | 'yellow' {
  if (status === 'verified') return 'green';
  if (status === 'rejected') return 'red';
  return 'yellow';
}

/** A file size for people: the SDK's one rule, as the applicant sees it too. */
export const fileSizeText = formatFileSize;

const WEEK = [
  ['monday', 'Monday'],
  ['tuesday', 'Tuesday'],
  ['wednesday', 'Wednesday'],
  ['thursday', 'Thursday'],
  ['friday', 'Friday'],
  ['saturday', 'Saturday'],
  ['sunday', 'Sunday'],
] as const;

/**
 * The weekly availability map as rows, Monday first. A day missing from the map is not available;
 * without a map the server places the cleaner Monday to Friday 9:00-17:00 (decision 038), which is
 * said rather than shown as days.
 */
export function weeklyAvailabilityRows(
  availability: Application['availability'],
): { day: string; hours: string }[] | null {
  if (!availability) return null;
  return WEEK.map(([key, day]) => {
    const entry = availability[key];
    return { day, hours: entry?.available ? entry.hours : 'Not available' };
  });
}

/** "Name (relationship), phone, email" with the blanks left out; null when nothing was given. */
export function contactText(contact: {
  name?: string;
  relationship?: string;
  phone?: string;
  email?: string;
}): string | null {
  const name = contact.name?.trim();
  const relationship = contact.relationship?.trim();
  const head = name ? (relationship ? `${name} (${relationship})` : name) : relationship;
  const parts = [head, contact.phone?.trim(), contact.email?.trim()].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

/**
 * Quick approve and reject appear only on pending applications (docs/product/administration.md)
 * (the detailed review can approve or reject any). Within that, a button is there exactly when the
 * server offers the action (decision 033).
 */
export function quickActions(application: Pick<Application, 'status' | 'actions'>): {
  approve: Application['actions']['approve'];
  reject: Application['actions']['reject'];
} {
  if (application.status !== 'pending') return { approve: undefined, reject: undefined };
  return { approve: application.actions.approve, reject: application.actions.reject };
}

/**
 * The body of a status action: the status the action itself names, and the notes when given.
 * Whether the notes are required is the action's to say (a rejection requires its reason, which
 * the applicant is sent — decision 042); the text is the server's.
 */
export function statusChangeBody(
  action: { name: string; fields: readonly ActionField[] },
  notes: string,
): { ok: true; body: { status: ApplicationStatus; adminNotes?: string } } | { ok: false; message: string } {
  const status = fieldValue(action, 'status') as ApplicationStatus | undefined;
  if (!status) return { ok: false, message: 'This action cannot be performed.' };
  const notesOnly = { fields: action.fields.filter((field) => field.name === 'adminNotes') };
  const problem = validate(notesOnly, { adminNotes: notes }, { required: REQUIRED }).adminNotes;
  if (problem) return { ok: false, message: problem };
  const adminNotes = notes.trim();
  return { ok: true, body: adminNotes ? { status, adminNotes } : { status } };
}

/** A document's rejection: the reason, required when the action says so (it does: the applicant is sent it). */
export function documentRejectionBody(
  action: { fields: readonly ActionField[] },
  reason: string,
): { ok: true; body: { status: 'rejected'; rejectionReason: string } } | { ok: false; message: string } {
  const problem = validate(
    action,
    { status: 'rejected', rejectionReason: reason },
    { required: REQUIRED },
  ).rejectionReason;
  if (problem) return { ok: false, message: problem };
  return { ok: true, body: { status: 'rejected', rejectionReason: reason.trim() } };
}

/** The server's words for a missing reason. */
const REQUIRED = {
  adminNotes: MESSAGES.application.rejectReasonRequired,
  rejectionReason: MESSAGES.application.documentRejectReasonRequired,
};

/** The toast after a status change, by the status the application now has. */
export function statusChangedToast(application: Pick<Application, 'status' | 'user'>): {
  title: string;
  description: string;
} {
  const name = applicantName(application);
  switch (application.status) {
    case 'approved':
      return { title: 'Application Approved', description: `${name} is now a cleaner on Spotless.` };
    case 'rejected':
      return { title: 'Application Rejected', description: `${name} has been sent the reason.` };
    case 'under_review':
      return { title: 'Review Started', description: `${name}'s application is now under review.` };
    default:
      return { title: 'Application Updated', description: `${name}'s application is pending.` };
  }
}

/** Dates and times in the review dialog (applied, reviewed, uploaded). */
export const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
