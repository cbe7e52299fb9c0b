import { FAQ_GROUPS, type FaqGroup } from '@spotless/sdk/help';

export { FAQ_GROUPS, type FaqGroup };

/**
 * Keeps the entries whose question or answer contains every word of the query (case-insensitive),
 * and drops groups left empty.
 */
export function filterFaq(groups: readonly FaqGroup[], query: string): FaqGroup[] {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return [...groups];
  return groups
    .map((group) => ({
      ...group,
      entries: group.entries.filter((entry) => {
        const text = `${entry.question} ${entry.answer}`.toLowerCase();
        return terms.every((term) => text.includes(term));
      }),
    }))
    .filter((group) => group.entries.length > 0);
}
