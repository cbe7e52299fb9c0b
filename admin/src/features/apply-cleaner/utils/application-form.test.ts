import { MESSAGES, UPLOAD_MAX_BYTES } from '@spotless/sdk';
import { describe, expect, it } from 'vitest';
import { coverageList, documentProblem, emptyForm, fileSizeText, formProblem, toRequestBody } from './application-form';

const filled = () => ({
  ...emptyForm(),
  bio: 'Ten years of careful cleaning.',
  experience: '5-10',
  hourlyRate: '32.50',
  serviceTypes: ['residential'],
  coverageAreas: 'Austin, TX\nround rock\nAustin, TX',
});

describe('the application form', () => {
  it('lists every missing required field, then checks the rate', () => {
    expect(formProblem(emptyForm())).toEqual({
      title: MESSAGES.application.missingRequired,
      description: 'Please fill in: Bio, Experience, Hourly rate, Service types, Coverage areas.',
    });
    expect(formProblem({ ...filled(), hourlyRate: '14' })?.description).toBe(MESSAGES.application.hourlyRate);
    expect(formProblem({ ...filled(), hourlyRate: '20.25' })?.description).toBe(MESSAGES.application.hourlyRate);
    expect(formProblem(filled())).toBeNull();
  });

  it('takes one coverage area per line (a comma stays inside it) and drops repeats, whatever their case', () => {
    expect(coverageList('Austin, TX\n austin, tx \nRound Rock;;Dallas')).toEqual([
      'Austin, TX',
      'Round Rock',
      'Dallas',
    ]);
  });

  it('leaves blank optional blocks out of the body', () => {
    const body = toRequestBody(filled());
    expect(body.emergencyContact).toBeUndefined();
    expect(body.references).toBeUndefined();
    expect(body.coverageAreas).toEqual(['Austin, TX', 'round rock']);
    const withReference = toRequestBody({
      ...filled(),
      references: [
        { name: 'Ana Ruiz', phone: '', email: 'ana@example.com', relationship: 'Former client' },
        { name: '', phone: '', email: '', relationship: '' },
      ],
    });
    expect(withReference.references).toEqual([
      { name: 'Ana Ruiz', phone: undefined, email: 'ana@example.com', relationship: 'Former client' },
    ]);
  });

  it('refuses a document by its size and by its first bytes, not its name', async () => {
    const pdf = new Blob([new TextEncoder().encode('%PDF-1.7\n...')]);
    expect(await documentProblem(pdf)).toBeNull();
    const html = new File([new TextEncoder().encode('<!doctype html>')], 'resume.pdf', { type: 'application/pdf' });
    expect(await documentProblem(html)).toEqual({
      title: 'Invalid File Type',
      description: MESSAGES.application.invalidFileType,
    });
    const big = new Blob([new Uint8Array(UPLOAD_MAX_BYTES + 1)]);
    expect(await documentProblem(big)).toEqual({
      title: 'File Too Large',
      description: MESSAGES.application.fileTooLarge,
    });
    expect(fileSizeText(2.4 * 1024 * 1024)).toBe('2.4 MB');
    expect(fileSizeText(340 * 1024)).toBe('340 KB');
    // The same text the administrator sees: a tiny file is not rounded up to "1 KB".
    expect(fileSizeText(45)).toBe('45 B');
  });
});
