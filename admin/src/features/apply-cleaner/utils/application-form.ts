import {
  formatFileSize,
  hourlyRateProblem,
  MESSAGES,
  missingApplicationFields,
  SNIFF_BYTES,
  sniffFileType,
  UPLOAD_MAX_BYTES,
} from '@spotless/sdk';

export const EXPERIENCE_OPTIONS = [
  { value: '0-1', label: 'Less than 1 year' },
  { value: '1-3', label: '1-3 years' },
  { value: '3-5', label: '3-5 years' },
  { value: '5-10', label: '5-10 years' },
  { value: '10+', label: '10+ years' },
] as const;

export const SERVICE_OPTIONS = [
  { value: 'residential', label: 'Residential' },
  { value: 'commercial', label: 'Commercial' },
  { value: 'deep', label: 'Deep Cleaning' },
  { value: 'moveout', label: 'Move-out' },
] as const;

export const DOCUMENT_TYPE_OPTIONS = [
  { value: 'id', label: 'Government ID' },
  { value: 'insurance', label: 'Insurance certificate' },
  { value: 'bond', label: 'Bond certificate' },
  { value: 'reference_letter', label: 'Reference letter' },
  { value: 'background_check', label: 'Background check' },
] as const;

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface Reference {
  name: string;
  phone: string;
  email: string;
  relationship: string;
}

export interface ApplicationForm {
  bio: string;
  experience: string;
  hourlyRate: string;
  serviceTypes: string[];
  /** One area per line ("Austin, TX" is one area). */
  coverageAreas: string;
  hasInsurance: boolean;
  hasBond: boolean;
  previousExperience: string;
  equipment: string;
  availability: Record<Weekday, { available: boolean; hours: string }>;
  emergencyContact: { name: string; phone: string; relationship: string };
  references: [Reference, Reference];
}

const emptyReference = (): Reference => ({ name: '', phone: '', email: '', relationship: '' });

export function emptyForm(): ApplicationForm {
  return {
    bio: '',
    experience: '',
    hourlyRate: '',
    serviceTypes: [],
    coverageAreas: '',
    hasInsurance: false,
    hasBond: false,
    previousExperience: '',
    equipment: '',
    availability: Object.fromEntries(
      WEEKDAYS.map((day) => [day, { available: day !== 'saturday' && day !== 'sunday', hours: '9:00-17:00' }]),
    ) as ApplicationForm['availability'],
    emergencyContact: { name: '', phone: '', relationship: '' },
    references: [emptyReference(), emptyReference()],
  };
}

/** The areas typed, one per line (or split by semicolons), blanks and repeats dropped (the server does the same). */
export function coverageList(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(/[\n;]/)
    .map((area) => area.trim().replace(/\s+/g, ' '))
    .filter((area) => {
      const key = area.toLowerCase();
      if (area === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** The client checks before sending (docs/product/cleaners.md): missing fields (listed), then the hourly rate. */
export function formProblem(form: ApplicationForm): { title: string; description: string } | null {
  const missing = missingApplicationFields({ ...form, coverageAreas: coverageList(form.coverageAreas) });
  if (missing.length > 0)
    return { title: MESSAGES.application.missingRequired, description: `Please fill in: ${missing.join(', ')}.` };
  const rate = hourlyRateProblem(form.hourlyRate);
  if (rate) return { title: 'Invalid Hourly Rate', description: rate };
  return null;
}

const trimmed = (value: string) => value.trim() || undefined;

/** The request body: optional blocks left out when blank, so nothing half-filled is stored. */
export function toRequestBody(form: ApplicationForm): Record<string, unknown> {
  const contact = form.emergencyContact;
  const references = form.references
    .map((r) => ({
      name: trimmed(r.name),
      phone: trimmed(r.phone),
      email: trimmed(r.email),
      relationship: trimmed(r.relationship),
    }))
    .filter((r) => Object.values(r).some(Boolean));
  return {
    bio: form.bio.trim(),
    experience: form.experience,
    hourlyRate: form.hourlyRate.trim(),
    serviceTypes: form.serviceTypes,
    coverageAreas: coverageList(form.coverageAreas),
    hasInsurance: form.hasInsurance,
    hasBond: form.hasBond,
    previousExperience: trimmed(form.previousExperience),
    equipment: trimmed(form.equipment),
    availability: form.availability,
    emergencyContact:
      contact.name.trim() || contact.phone.trim() || contact.relationship.trim()
        ? { name: trimmed(contact.name), phone: trimmed(contact.phone), relationship: trimmed(contact.relationship) }
        : undefined,
    references: references.length > 0 ? references : undefined,
  };
}

/** The checks of a document before upload (docs/product/cleaners.md): size, then type read from its first bytes. */
export async function documentProblem(file: Blob): Promise<{ title: string; description: string } | null> {
  if (file.size > UPLOAD_MAX_BYTES) return { title: 'File Too Large', description: MESSAGES.application.fileTooLarge };
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  if (!sniffFileType(head)) return { title: 'Invalid File Type', description: MESSAGES.application.invalidFileType };
  return null;
}

/** "2.4 MB", "340 KB", "45 B": the SDK's one rule, as the administrator sees it too. */
export const fileSizeText = formatFileSize;
