import { centsToDollars, commissionFits, formatCommission, isOriginPattern, originAllowed } from '@spotless/sdk/rules';
import type { PartnerCreate, PartnerStats, PartnerUpdate } from '@spotless/sdk/schemas';
import type { z } from 'zod';
import { recordAudit } from '../audit/audit-log';
import { type Actor, type Partner, requireAdmin } from '../contract/actor';
import { AppError, badRequest, notFound } from '../contract/errors';
import type { Deps } from '../deps';
import {
  findPartner,
  findPartnerForKey,
  insertPartner,
  listPartnerRows,
  type PartnerFigures,
  type PartnerRow,
  partnerFigures,
  updatePartnerRow,
} from './partners.queries';
import { isPreviewKey, partnerOfPreviewKey } from './preview-keys';
import { newPublishableKey } from './publishable-keys';

/** Publishable keys are short, printable and start with `pk_`; anything else is not looked up. */
const KEY_SHAPE = /^pk_[A-Za-z0-9_]{1,100}$/;

export type ResolvedPartner = Partner & { rateLimitPerMinute: number };

/**
 * Why a publishable key was refused, as its partner's developer needs to read it (decision 048,
 * addendum): a fixed code and text each — the origin named is the request's own — and nothing of
 * any partner’s data. These refusals, and only these, are answered with a CORS allowance.
 */
export const KEY_REFUSALS = {
  missing: {
    code: 'missing_key',
    message: 'This page gives no partner key: add data-key="pk_…" to the Spotless script tag',
  },
  unknown: { code: 'unknown_key', message: 'This partner key is not recognised' },
  inactive: { code: 'inactive_key', message: 'This partner key is inactive' },
  origin: {
    code: 'origin_not_allowed',
    message: (origin: string) =>
      isOriginPattern(origin)
        ? `This key is not allowed on ${origin} — add it under allowed origins`
        : 'This key is not allowed on this page’s origin — add it under allowed origins',
  },
} as const;

const REFUSAL_CODES: ReadonlySet<string> = new Set(Object.values(KEY_REFUSALS).map((r) => r.code));

/** Whether an error is one of the key's refusals (what the CORS middleware lets the page read). */
export function isKeyRefusal(error: unknown): error is AppError {
  return error instanceof AppError && error.status === 403 && REFUSAL_CODES.has(error.code);
}

/**
 * The partner actor of a request carrying a publishable key (decisions 043 and 048). An unknown or
 * inactive key is refused outright, and so is a browser request from an origin the partner did not
 * allow, each with its own code (`KEY_REFUSALS`). A request without an Origin (a partner's server)
 * is the partner too: it may do what the widgets do — public reads, chats and guest bookings — and
 * nothing more.
 */
export async function partnerActorFor(
  deps: Pick<Deps, 'database' | 'clock' | 'config'>,
  publishableKey: string,
  origin: string | null,
): Promise<ResolvedPartner> {
  if (publishableKey.trim() === '') throw new AppError(403, KEY_REFUSALS.missing.code, KEY_REFUSALS.missing.message);
  if (isPreviewKey(publishableKey)) return previewActor(deps, publishableKey, origin);
  const partner = KEY_SHAPE.test(publishableKey)
    ? await findPartnerForKey(deps.database.db, publishableKey, deps.clock.now())
    : undefined;
  if (!partner) throw new AppError(403, KEY_REFUSALS.unknown.code, KEY_REFUSALS.unknown.message);
  if (!partner.isActive) throw new AppError(403, KEY_REFUSALS.inactive.code, KEY_REFUSALS.inactive.message);
  if (origin !== null && !originAllowed(origin, partner.allowedOrigins)) {
    throw new AppError(403, KEY_REFUSALS.origin.code, KEY_REFUSALS.origin.message(origin));
  }
  return {
    kind: 'partner',
    partnerId: partner.id,
    name: partner.name,
    commissionRateBps: partner.commissionRateBps,
    origin,
    rateLimitPerMinute: partner.rateLimitPerMinute,
  };
}

/**
 * The portal's live preview (decision 081): a preview key, on this site's own pages, is its partner
 * as its widgets are anywhere else; from any other origin, forged or expired, it is no key at all.
 */
async function previewActor(
  deps: Pick<Deps, 'database' | 'clock' | 'config'>,
  key: string,
  origin: string | null,
): Promise<ResolvedPartner> {
  const partnerId = await partnerOfPreviewKey(deps, key, origin);
  const partner = partnerId === null ? undefined : await findPartner(deps.database.db, partnerId);
  if (!partner) throw new AppError(403, KEY_REFUSALS.unknown.code, KEY_REFUSALS.unknown.message);
  if (!partner.isActive) throw new AppError(403, KEY_REFUSALS.inactive.code, KEY_REFUSALS.inactive.message);
  return {
    kind: 'partner',
    partnerId: partner.id,
    name: partner.name,
    commissionRateBps: partner.commissionRateBps,
    origin,
    rateLimitPerMinute: partner.rateLimitPerMinute,
  };
}

export interface PartnerData {
  id: number;
  name: string;
  publishableKey: string;
  allowedOrigins: string[];
  commissionRateBps: number;
  rateLimitPerMinute: number;
  contactEmail: string | null;
  isActive: boolean;
  createdAt: string;
  stats: z.infer<typeof PartnerStats>;
}

function toData(row: PartnerRow, figures: PartnerFigures | undefined): PartnerData {
  const f = figures ?? {
    bookings: 0,
    paidBookings: 0,
    revenueCents: 0,
    commissionCents: 0,
    chats: 0,
    people: 0,
    pendingInvites: 0,
  };
  return {
    id: row.id,
    name: row.name,
    publishableKey: row.publishableKey,
    allowedOrigins: row.allowedOrigins,
    commissionRateBps: row.commissionRateBps,
    rateLimitPerMinute: row.rateLimitPerMinute,
    contactEmail: row.contactEmail,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    stats: {
      bookings: f.bookings,
      paidBookings: f.paidBookings,
      revenue: centsToDollars(f.revenueCents),
      commission: centsToDollars(f.commissionCents),
      chats: f.chats,
      people: f.people,
      pendingInvites: f.pendingInvites,
    },
  };
}

type PartnerDeps = Pick<Deps, 'database' | 'clock' | 'config'>;

/**
 * A partner's commission comes out of the platform fee, so it may not exceed it (decision 078):
 * refused naming the field, before anything is written.
 */
function assertCommissionFits(commissionRateBps: number | undefined, platformFeeBps: number): void {
  if (commissionRateBps === undefined || commissionFits(commissionRateBps, platformFeeBps)) return;
  throw badRequest('Invalid request body: commissionRateBps', {
    commissionRateBps: `must be at most the platform fee (${formatCommission(platformFeeBps)}, ${platformFeeBps} basis points): a partner's commission comes out of it`,
  });
}

/** Every partner with its bookings, revenue and commission: administrators only. */
export async function listPartners(deps: PartnerDeps, actor: Actor): Promise<PartnerData[]> {
  requireAdmin(actor);
  const rows = await listPartnerRows(deps.database.db);
  const figures = await partnerFigures(
    deps.database.db,
    rows.map((r) => r.id),
    deps.clock.now(),
  );
  return rows.map((row) => toData(row, figures.get(row.id)));
}

export async function getPartner(deps: PartnerDeps, actor: Actor, id: number): Promise<PartnerData> {
  requireAdmin(actor);
  const row = await findPartner(deps.database.db, id);
  if (!row) throw notFound('Partner');
  const figures = await partnerFigures(deps.database.db, [id], deps.clock.now());
  return toData(row, figures.get(id));
}

const unique = (origins: string[]) => [...new Set(origins)];

/** A partner, with a key the server makes; audited. */
export async function createPartner(
  deps: PartnerDeps,
  actor: Actor,
  input: z.output<typeof PartnerCreate>,
): Promise<PartnerData> {
  const admin = requireAdmin(actor);
  assertCommissionFits(input.commissionRateBps, deps.config.platformFeeBps);
  const now = deps.clock.now();
  const id = await deps.database.write(async (tx) => {
    const created = await insertPartner(tx, {
      name: input.name,
      publishableKey: newPublishableKey(),
      allowedOrigins: unique(input.allowedOrigins),
      commissionRateBps: input.commissionRateBps,
      rateLimitPerMinute: input.rateLimitPerMinute,
      contactEmail: input.contactEmail ?? null,
      isActive: input.isActive,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, {
      createdAt: now,
      actorUserId: admin.adminUserId,
      actorRole: 'admin',
      action: 'partner.created',
      entityType: 'partner',
      entityId: String(created),
      details: { name: input.name, commissionRateBps: input.commissionRateBps },
    });
    return created;
  });
  return getPartner(deps, actor, id);
}

/**
 * Changes a partner; audited with what changed. A new commission rate applies to bookings made
 * from now on (each booking keeps the rate it was made at); deactivating stops the key at once.
 */
export async function updatePartner(
  deps: PartnerDeps,
  actor: Actor,
  id: number,
  input: z.output<typeof PartnerUpdate>,
): Promise<PartnerData> {
  const admin = requireAdmin(actor);
  assertCommissionFits(input.commissionRateBps, deps.config.platformFeeBps);
  const now = deps.clock.now();
  await deps.database.write(async (tx) => {
    const row = await findPartner(tx, id);
    if (!row) throw notFound('Partner');
    const values = { ...input, ...(input.allowedOrigins ? { allowedOrigins: unique(input.allowedOrigins) } : {}) };
    const changed = Object.fromEntries(
      Object.entries(values).filter(
        ([key, value]) => JSON.stringify(row[key as keyof PartnerRow]) !== JSON.stringify(value),
      ),
    );
    if (Object.keys(changed).length === 0) return;
    await updatePartnerRow(tx, id, { ...changed, updatedAt: now });
    await recordAudit(tx, {
      createdAt: now,
      actorUserId: admin.adminUserId,
      actorRole: 'admin',
      action: 'partner.updated',
      entityType: 'partner',
      entityId: String(id),
      details: changed,
    });
  });
  return getPartner(deps, actor, id);
}
