import { dollarsToCents, formatMoney } from '@spotless/sdk/rules';
import type { ReplyTrace, Toolbox } from '../../lib/assistant-engine';
import type { CleanerFacts } from '../tools';
import { findCleanerByName } from './names';

/**
 * Answers about people (decision 047): one cleaner by name, typos tolerated as the listing's search
 * tolerates them; and what cleaners earn, from the rates they really charge.
 */

type Answer = { text: string; trace: ReplyTrace };

/** A cleaner's profile by name; `found` says whether one cleaner, several or nobody answers to it. */
export async function cleanerProfile(
  toolbox: Toolbox,
  name: string,
  city?: string,
): Promise<Answer & { found: 'one' | 'several' | 'none' }> {
  const { cleaner, candidates, ambiguous } = await findCleanerByName(toolbox, name, city ? { city } : {});
  if (!cleaner && ambiguous && city && !name.includes(' ')) {
    // "a maria in denver" with several Marias there: which, with each one's page.
    const some = candidates.slice(0, 5).map((c) => `${c.name} (/cleaner/${c.id})`);
    const called = `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
    return {
      found: 'several',
      text: `Several cleaners called ${called} work near ${city}: ${some.join(', ')}. Which one do you mean? Tell me their full name, or pick from the list: /cleaners?query=${encodeURIComponent(name)}&location=${encodeURIComponent(city)}`,
      trace: { intent: 'cleaner', unsure: true, cleanerIds: [] },
    };
  }
  if (!cleaner) {
    const search = `/cleaners?query=${encodeURIComponent(name)}`;
    const first = name.split(/\s+/)[0]?.toLowerCase() ?? '';
    const several = ambiguous || candidates.filter((c) => c.name.toLowerCase().startsWith(first)).length > 1;
    return {
      found: 'none',
      text: several
        ? `Several cleaners are called “${name}”. Tell me their full name or their city, or pick from the list: ${search}`
        : `I'm not sure who you mean: I couldn't find a cleaner called ${name}. Search by name on the listing: ${search}`,
      trace: { intent: 'cleaner', unsure: true, cleanerIds: [] },
    };
  }
  return { found: 'one', text: describeProfile(cleaner), trace: { intent: 'cleaner', cleanerIds: [cleaner.id] } };
}

function describeProfile(c: CleanerFacts): string {
  const rating =
    c.rating === null
      ? 'not rated yet'
      : `rated ${c.rating.toFixed(1)}★ from ${c.reviewCount} review${c.reviewCount === 1 ? '' : 's'}`;
  const badges = [c.isVerified && 'background-checked (Verified)', c.isInsured && 'Insured', c.isBonded && 'Bonded'];
  const shown = badges.filter(Boolean) as string[];
  const missing = [!c.isInsured && 'insured', !c.isBonded && 'bonded'].filter(Boolean) as string[];
  const services = (c.serviceTypes as string[]).join(', ');
  return [
    `${c.name} cleans in ${c.city}, ${c.state}: ${rating}, ${c.completedJobs} job${c.completedJobs === 1 ? '' : 's'} completed on Spotless, ${c.experience} of experience, ${formatMoney(dollarsToCents(c.hourlyRate))}/hr.`,
    shown.length > 0 ? `Badges: ${shown.join(', ')}.` : 'No verification badges yet.',
    missing.length > 0 ? `Not ${missing.join(' or ')}.` : '',
    services ? `Services: ${services}.` : '',
    `Reviews and profile: /cleaner/${c.id} · Book: /booking/${c.id}`,
  ]
    .filter(Boolean)
    .join(' ');
}

/** What cleaners charge: the lowest, the middle and the highest rate among active cleaners. */
export async function earnings(toolbox: Toolbox, city: string | undefined): Promise<Answer> {
  const filters: Record<string, string | number> = { pageSize: 1, sortBy: 'price', sortOrder: 'asc' };
  if (city) filters.location = city;
  const found = await toolbox.call('searchCleaners', filters);
  const data = found.ok
    ? (found.data as { total: number; stats: { priceRange: { min: string; max: string } | null } })
    : null;
  const range = data?.stats.priceRange;
  // The fee and the payout timing, from the split's configuration (decision 085), never remembered.
  const terms = await toolbox.call('getPayoutTerms', {});
  const t = terms.ok ? (terms.data as { platformFeePercent: number; damageReportHours: number }) : null;
  const cut = t
    ? `Spotless keeps a platform fee of ${t.platformFeePercent}% of what the customer pays, so you keep ${100 - t.platformFeePercent}%, paid out ${t.damageReportHours} hours after each job unless the customer reports a problem. `
    : '';
  const apply = `${cut}Apply on the Become a Cleaner page: /apply-cleaner`;
  if (!data || !range) {
    return {
      text: `Cleaners on Spotless set their own hourly rate, and customers pay it for the hours booked. ${apply}`,
      trace: { intent: 'earnings', unsure: true },
    };
  }
  let middle: string | null = null;
  if (data.total > 2) {
    const mid = await toolbox.call('searchCleaners', {
      ...filters,
      page: Math.ceil(data.total / 2),
    });
    const row = mid.ok ? (mid.data as { cleaners: CleanerFacts[] }).cleaners[0] : undefined;
    middle = row ? row.hourlyRate : null;
  }
  const where = city ? ` near ${city}` : '';
  const low = formatMoney(dollarsToCents(range.min));
  const high = formatMoney(dollarsToCents(range.max));
  const typical = middle ? ` Half of them charge ${formatMoney(dollarsToCents(middle))}/hr or more.` : '';
  return {
    text: `Cleaners on Spotless set their own hourly rate. Today the ${data.total} active cleaner${data.total === 1 ? '' : 's'}${where} charge from ${low}/hr to ${high}/hr.${typical} Customers pay your rate for the hours they book (each service has a minimum price), and you choose your hours and the areas you cover. ${apply}`,
    trace: { intent: 'earnings' },
  };
}
