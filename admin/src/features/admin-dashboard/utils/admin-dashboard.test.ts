import type { ActionField, Application } from '@spotless/sdk';
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_TABS,
  applicantName,
  applicationStatusText,
  applicationTone,
  contactText,
  countCards,
  documentRejectionBody,
  documentStatusText,
  emptyTabText,
  experienceText,
  fileSizeText,
  quickActions,
  serviceTypesText,
  statusChangeBody,
  statusChangedToast,
  weeklyAvailabilityRows,
} from './admin-dashboard';

const statusField = (value: string): ActionField => ({
  name: 'status',
  type: 'select',
  required: true,
  value,
  options: [{ value }],
});
const notesField = (required: boolean): ActionField => ({
  name: 'adminNotes',
  type: 'text',
  required,
  maxLength: 1000,
});

function action<const N extends 'approve' | 'reject' | 'startReview'>(name: N, status: string) {
  return {
    name,
    title: name,
    method: 'PATCH' as const,
    href: '/api/admin/applications/7/status',
    type: 'application/json' as const,
    operation: 'setApplicationStatus' as const,
    fields: [statusField(status), notesField(status === 'rejected')],
  };
}

const offered = {
  approve: action('approve', 'approved'),
  reject: action('reject', 'rejected'),
  startReview: action('startReview', 'under_review'),
} as unknown as Application['actions'];

describe('tabs and counts', () => {
  it('has the four tabs in order, labelled for people', () => {
    expect(APPLICATION_TABS.map((t) => t.id)).toEqual(['pending', 'under_review', 'approved', 'rejected']);
    expect(APPLICATION_TABS.map((t) => t.label)).toEqual(['Pending', 'Under Review', 'Approved', 'Rejected']);
  });

  it('shows the server’s counts per status, then the total', () => {
    expect(countCards({ pending: 3, under_review: 1, approved: 5, rejected: 2, total: 11 })).toEqual([
      { label: 'Pending', value: 3 },
      { label: 'Under Review', value: 1 },
      { label: 'Approved', value: 5 },
      { label: 'Rejected', value: 2 },
      { label: 'Total', value: 11 },
    ]);
  });

  it('has an empty state per tab', () => {
    const titles = APPLICATION_TABS.map((t) => emptyTabText(t.id).title);
    expect(new Set(titles).size).toBe(4);
    expect(emptyTabText('pending').title).toBe('No Pending Applications');
  });

  it('names and colours each status', () => {
    expect(applicationStatusText('under_review')).toBe('Under Review');
    expect(applicationStatusText('pending')).toBe('Pending');
    expect(applicationTone('pending')).toBe('yellow');
    expect(applicationTone('under_review')).toBe('blue');
    expect(applicationTone('approved')).toBe('green');
    expect(applicationTone('rejected')).toBe('red');
  });
});

describe('applicant and application fields', () => {
  it('names the applicant, falling back to the e-mail address', () => {
    expect(applicantName({ user: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' } })).toBe(
      'Ada Lovelace',
    );
    expect(applicantName({ user: { firstName: 'Ada', lastName: null, email: 'ada@example.com' } })).toBe('Ada');
    expect(applicantName({ user: { firstName: ' ', lastName: null, email: 'ada@example.com' } })).toBe(
      'ada@example.com',
    );
  });

  it('words experience and service types as the form does', () => {
    expect(experienceText('0-1')).toBe('Less than 1 year');
    expect(experienceText('10+')).toBe('10+ years');
    expect(experienceText('odd')).toBe('odd');
    expect(serviceTypesText(['residential', 'deep', 'moveout'])).toBe('Residential, Deep Cleaning, Move-out');
    expect(serviceTypesText([])).toBe('None');
  });

  it('lists the week Monday first, days missing from the map or switched off as not available', () => {
    const rows = weeklyAvailabilityRows({
      tuesday: { available: true, hours: '8:00-16:00' },
      sunday: { available: false, hours: '9:00-17:00' },
    });
    expect(rows?.map((r) => r.day)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(rows?.[0]).toEqual({ day: 'Monday', hours: 'Not available' });
    expect(rows?.[1]).toEqual({ day: 'Tuesday', hours: '8:00-16:00' });
    expect(rows?.[6]).toEqual({ day: 'Sunday', hours: 'Not available' });
    expect(weeklyAvailabilityRows(null)).toBeNull();
  });

  it('joins a contact’s given parts and says nothing for an empty one', () => {
    expect(contactText({ name: 'Bo', relationship: 'Sister', phone: '555-0100' })).toBe('Bo (Sister), 555-0100');
    expect(contactText({ name: 'Bo', email: 'bo@example.com' })).toBe('Bo, bo@example.com');
    expect(contactText({ relationship: 'Former employer' })).toBe('Former employer');
    expect(contactText({ name: ' ', phone: '' })).toBeNull();
  });
});

describe('documents', () => {
  it('words the document statuses', () => {
    expect(documentStatusText('verified')).toBe('Verified');
    expect(documentStatusText('rejected')).toBe('Rejected');
    expect(documentStatusText('pending')).toBe('Pending Verification');
  });

  it('gives file sizes in B, KB and MB', () => {
    expect(fileSizeText(300)).toBe('300 B');
    expect(fileSizeText(2048)).toBe('2 KB');
    expect(fileSizeText(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(fileSizeText(10 * 1024 * 1024)).toBe('10 MB');
  });

  it('needs a reason to reject a document when the action requires one', () => {
    const rejectDocument = {
      fields: [
        { name: 'status', type: 'select', required: true, value: 'rejected' },
        { name: 'rejectionReason', type: 'text', required: true, maxLength: 500 },
      ] satisfies ActionField[],
    };
    expect(documentRejectionBody(rejectDocument, '  ')).toEqual({
      ok: false,
      message: 'Please give a reason for rejecting this document.',
    });
    expect(documentRejectionBody(rejectDocument, ' Expired ')).toEqual({
      ok: true,
      body: { status: 'rejected', rejectionReason: 'Expired' },
    });
  });
});

describe('quick actions', () => {
  it('are offered on pending applications only, and only those the server offers', () => {
    expect(quickActions({ status: 'pending', actions: offered })).toEqual({
      approve: offered.approve,
      reject: offered.reject,
    });
    expect(quickActions({ status: 'pending', actions: { reject: offered.reject } })).toEqual({
      approve: undefined,
      reject: offered.reject,
    });
    for (const status of ['under_review', 'approved', 'rejected'] as const) {
      expect(quickActions({ status, actions: offered })).toEqual({ approve: undefined, reject: undefined });
    }
  });
});

describe('statusChangeBody', () => {
  it('sends the status the action names, with the notes when given', () => {
    expect(statusChangeBody(offered.approve!, '')).toEqual({ ok: true, body: { status: 'approved' } });
    expect(statusChangeBody(offered.startReview!, ' Checking references ')).toEqual({
      ok: true,
      body: { status: 'under_review', adminNotes: 'Checking references' },
    });
  });

  it('refuses a rejection without a reason, because the action requires one', () => {
    expect(statusChangeBody(offered.reject!, '   ')).toEqual({
      ok: false,
      message: 'Please give a reason for rejecting this application.',
    });
    expect(statusChangeBody(offered.reject!, 'No city we serve')).toEqual({
      ok: true,
      body: { status: 'rejected', adminNotes: 'No city we serve' },
    });
  });

  it('refuses an action that names no status', () => {
    expect(statusChangeBody({ name: 'approve', fields: [] }, '')).toMatchObject({ ok: false });
  });
});

describe('statusChangedToast', () => {
  const user = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
  it('says what happened to whom', () => {
    expect(statusChangedToast({ status: 'approved', user }).title).toBe('Application Approved');
    expect(statusChangedToast({ status: 'rejected', user }).title).toBe('Application Rejected');
    expect(statusChangedToast({ status: 'under_review', user })).toEqual({
      title: 'Review Started',
      description: "Ada Lovelace's application is now under review.",
    });
  });
});
