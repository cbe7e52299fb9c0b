/**
 * A cleaner's application with only what the form requires, for tests and benches that need one
 * to upload documents to; `applications-form.routes.test.ts` checks the whole form.
 */
export const MINIMAL_APPLICATION = {
  bio: 'Ten years of careful, friendly home cleaning.',
  experience: '5-10',
  hourlyRate: 32.5,
  serviceTypes: ['residential'],
  coverageAreas: ['Austin, TX'],
} as const;

/** A file as the upload routes take it: a base64 data URL. */
export const dataUrl = (bytes: Uint8Array, type: string) =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
