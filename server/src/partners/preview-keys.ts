import { hmac } from '@oslojs/crypto/hmac';
import { SHA256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { eq } from 'drizzle-orm';
import { serverSecrets } from '../db/schema';
import type { Deps } from '../deps';
import { secretsEqual, utf8Bytes } from '../lib/secrets-equal';
import { siteOrigins } from '../notifications/site';

/**
 * Preview keys (decision 081): the portal's snippet builder shows the partner's widgets live on
 * this site's own pages, which no partner lists among its origins. A preview key is minted for the
 * partner's signed-in people with each portal answer: it names the partner and an expiry, signed
 * with this installation's secret, and it works only from this site's own origin, until it expires.
 * A partner's real key never works here, and a preview key works nowhere else.
 */

const SECRET = 'partner_preview_key_secret';
/** How long a preview key works: the portal page refreshes it with every answer. */
export const PREVIEW_MINUTES = 30;
const SHAPE = /^pkpreview_(\d{1,10})_(\d{1,15})_([0-9a-f]{64})$/;

async function secret(deps: Pick<Deps, 'database' | 'clock'>): Promise<Uint8Array> {
  const read = () => deps.database.db.select().from(serverSecrets).where(eq(serverSecrets.name, SECRET)).get();
  // Read first: it is made once, by the first process to ask, and every later one reads that one.
  let row = await read();
  if (!row) {
    const random = new Uint8Array(32);
    crypto.getRandomValues(random);
    await deps.database.write((tx) =>
      tx
        .insert(serverSecrets)
        .values({ name: SECRET, value: encodeBase32LowerCaseNoPadding(random), createdAt: deps.clock.now() })
        .onConflictDoNothing(),
    );
    row = await read();
  }
  if (!row) throw new Error('preview key secret missing after insert');
  return utf8Bytes(row.value);
}

const sign = (key: Uint8Array, text: string) => encodeHexLowerCase(hmac(SHA256, key, utf8Bytes(text)));

export async function mintPreviewKey(deps: Pick<Deps, 'database' | 'clock'>, partnerId: number): Promise<string> {
  const expires = deps.clock.now().getTime() + PREVIEW_MINUTES * 60_000;
  return `pkpreview_${partnerId}_${expires}_${sign(await secret(deps), `${partnerId}.${expires}`)}`;
}

/**
 * The partner a preview key names, if it is genuine, unexpired and used from this site's own
 * origin. A browser sends no Origin on a same-origin GET, so none is this site too: a request from
 * any other page carries its own origin, and one from a server (no browser) may do no more than the
 * partner's real key already lets it.
 */
export async function partnerOfPreviewKey(
  deps: Pick<Deps, 'database' | 'clock' | 'config'>,
  key: string,
  origin: string | null,
): Promise<number | null> {
  const m = SHAPE.exec(key);
  if (!m || (origin !== null && !siteOrigins(deps.config.publicUrl).includes(origin))) return null;
  const [, id, expires] = m;
  if (Number(expires) <= deps.clock.now().getTime()) return null;
  const expected = sign(await secret(deps), `${id}.${expires}`);
  return secretsEqual(expected, m[3] ?? '') ? Number(id) : null;
}

export const isPreviewKey = (key: string) => key.startsWith('pkpreview_');
