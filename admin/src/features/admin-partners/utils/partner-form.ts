import type { Partner } from '@spotless/sdk';
import { isOriginPattern, PARTNER_LIMITS, partnerText } from '@spotless/sdk/rules';

/** The partner form as typed: origins one per line, the commission as a percentage. */
export interface PartnerFormValues {
  name: string;
  allowedOrigins: string;
  commissionPercent: string;
  rateLimitPerMinute: string;
  contactEmail: string;
}

export type PartnerFormField = 'name' | 'allowedOrigins' | 'commissionRateBps' | 'rateLimitPerMinute' | 'contactEmail';

export interface PartnerBody {
  name: string;
  allowedOrigins: string[];
  commissionRateBps: number;
  rateLimitPerMinute: number;
  contactEmail: string | null;
}

export function formValuesOf(partner: Partner | null): PartnerFormValues {
  return {
    name: partner?.name ?? '',
    allowedOrigins: partner?.allowedOrigins.join('\n') ?? '',
    commissionPercent: partner ? String(partner.commissionRateBps / 100) : '10',
    rateLimitPerMinute: String(partner?.rateLimitPerMinute ?? 600),
    contactEmail: partner?.contactEmail ?? '',
  };
}

/**
 * The body the create and update actions take, or what is wrong with the form by the server's
 * field names (the server checks again with the same rules: `@spotless/sdk/rules`). `maxCommissionBps`
 * is the action's own bound: the platform fee in force, which a commission comes out of.
 */
export function partnerBody(
  values: PartnerFormValues,
  maxCommissionBps: number = PARTNER_LIMITS.commissionBpsMax,
): { ok: true; body: PartnerBody } | { ok: false; problems: Partial<Record<PartnerFormField, string>> } {
  const problems: Partial<Record<PartnerFormField, string>> = {};
  const name = values.name.trim();
  if (name === '') problems.name = 'Name is required';
  else if (name.length > PARTNER_LIMITS.nameMax) problems.name = `At most ${PARTNER_LIMITS.nameMax} characters`;
  const origins = [
    ...new Set(
      values.allowedOrigins
        .split(/[\s,]+/)
        // Cleaned as the server cleans them (the SDK's OriginPattern): any case, a trailing slash.
        .map((o) => o.trim().toLowerCase().replace(/\/+$/, ''))
        .filter(Boolean),
    ),
  ];
  const badOrigin = origins.find((o) => !isOriginPattern(o));
  if (badOrigin !== undefined) problems.allowedOrigins = partnerText.origin(badOrigin);
  else if (origins.length > PARTNER_LIMITS.originsMax) problems.allowedOrigins = partnerText.originsMax;
  const percent = Number(values.commissionPercent.trim());
  const bps = Math.round(percent * 100);
  const maxPercent = maxCommissionBps / 100;
  if (values.commissionPercent.trim() === '' || !Number.isFinite(percent) || percent < 0 || percent > maxPercent) {
    problems.commissionRateBps = `Enter a commission between 0 and ${maxPercent}% (the platform fee, which it comes out of)`;
  } else if (Math.abs(percent * 100 - bps) > 1e-6) {
    problems.commissionRateBps = 'At most two decimals';
  }
  const limit = Number(values.rateLimitPerMinute.trim());
  if (!Number.isInteger(limit) || limit < PARTNER_LIMITS.rateLimitMin || limit > PARTNER_LIMITS.rateLimitMax) {
    problems.rateLimitPerMinute = `Enter a whole number from ${PARTNER_LIMITS.rateLimitMin} to ${PARTNER_LIMITS.rateLimitMax}`;
  }
  const email = values.contactEmail.trim();
  if (email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    problems.contactEmail = 'Please enter a valid email address';
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return {
    ok: true,
    body: {
      name,
      allowedOrigins: origins,
      commissionRateBps: bps,
      rateLimitPerMinute: limit,
      contactEmail: email || null,
    },
  };
}

/** The server's field errors under the form's fields (`allowedOrigins.2` is the origins box). */
export function problemsFromServer(fields: Record<string, string>): Partial<Record<PartnerFormField, string>> {
  const out: Partial<Record<PartnerFormField, string>> = {};
  for (const [name, message] of Object.entries(fields)) {
    const field = name.split('.')[0] as PartnerFormField;
    out[field] ??= message;
  }
  return out;
}
