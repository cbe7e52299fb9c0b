import type { services } from '../db/schema';

/** The services customers can book. Not demo data: every deployment starts with this catalogue. */
export const SERVICE_CATALOGUE: Array<typeof services.$inferInsert> = [
  {
    name: 'Regular House Cleaning',
    description:
      'Dusting, vacuuming, mopping, kitchen and bathroom surfaces, bins emptied — the weekly or biweekly refresh.',
    type: 'regular',
    category: 'residential',
    basePriceCents: 8000,
    durationMinutes: 120,
  },
  {
    name: 'Deep Cleaning',
    description:
      'Top-to-bottom clean including baseboards, inside appliances, cabinet fronts, grout and hard-to-reach areas.',
    type: 'deep',
    category: 'residential',
    basePriceCents: 15000,
    durationMinutes: 240,
  },
  {
    name: 'Move-in/Move-out Cleaning',
    description:
      'Empty-home clean for deposits and fresh starts: inside cabinets, closets, appliances and every surface.',
    type: 'moveout',
    category: 'residential',
    basePriceCents: 18000,
    durationMinutes: 300,
  },
  {
    name: 'Window Cleaning',
    description: 'Interior glass, sills and tracks; exterior ground-floor windows where reachable.',
    type: 'window',
    category: 'residential',
    basePriceCents: 9000,
    durationMinutes: 120,
  },
  {
    name: 'Carpet & Upholstery Refresh',
    description: 'Vacuum, spot-treat and refresh carpets, rugs and fabric furniture.',
    type: 'carpet',
    category: 'residential',
    basePriceCents: 11000,
    durationMinutes: 150,
  },
  {
    name: 'Office Cleaning',
    description: 'Desks, meeting rooms, kitchenettes and restrooms for small offices, after hours if you prefer.',
    type: 'office',
    category: 'commercial',
    basePriceCents: 12000,
    durationMinutes: 180,
  },
  {
    name: 'Commercial Cleaning',
    description: 'Retail, studio and common-area cleaning on a schedule that suits your business.',
    type: 'commercial',
    category: 'commercial',
    basePriceCents: 20000,
    durationMinutes: 240,
  },
  {
    name: 'Post-Construction Cleaning',
    description: 'Removal of dust, debris and residue after renovation or construction work.',
    type: 'post_construction',
    category: 'commercial',
    basePriceCents: 30000,
    durationMinutes: 360,
  },
];
