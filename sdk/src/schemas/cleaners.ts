import { z } from 'zod';
import { Money, PageQuery, pageOf, ServiceType } from './common';

export const CleanerUser = z.object({ firstName: z.string(), lastName: z.string() });

export const Cleaner = z
  .object({
    id: z.number().int(),
    avatar: z.string().nullable(),
    user: CleanerUser,
    rating: z.number().nullable().meta({ description: 'average overall rating, null before the first review' }),
    reviewCount: z.number().int(),
    hourlyRate: Money,
    completedJobs: z.number().int(),
    bio: z.string(),
    experience: z.string().meta({ description: 'e.g. "3-5 years"' }),
    serviceTypes: z.array(ServiceType),
    coverageAreas: z.array(z.string()),
    isVerified: z.boolean(),
    isInsured: z.boolean(),
    isBonded: z.boolean(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    timeZone: z.string(),
    distance: z.number().optional().meta({ description: 'miles from the searched point' }),
  })
  .meta({ id: 'Cleaner' });
export type Cleaner = z.infer<typeof Cleaner>;

export const CleanerSort = z.enum(['rating', 'price', 'distance', 'experience']);

/** The plain listing query of spec 01 §2.4; the full search extends it. */
export const CleanerListQuery = PageQuery.extend({
  location: z.string().trim().max(100).optional(),
  serviceType: z.union([ServiceType, z.literal('all')]).optional(),
  sortBy: CleanerSort.optional(),
});
export type CleanerListQuery = z.input<typeof CleanerListQuery>;

export const CleanerPage = pageOf(Cleaner).meta({ id: 'CleanerPage' });
export type CleanerPage = z.infer<typeof CleanerPage>;
