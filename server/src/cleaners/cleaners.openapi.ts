import { Cleaner, CleanerOverview, CleanerSearchPage, CleanerSearchQuery, IdParam } from '@spotless/sdk/schemas';
import { z } from 'zod';
import { defineOperations } from '../contract/operations';

/** The cleaners operations: what each one is, who may call it and what it answers (OpenAPI, links and actions come from here). */
export const cleanersApi = defineOperations({
  searchCleaners: {
    method: 'get',
    path: '/cleaners',
    security: 'public',
    partners: true,
    summary: 'List and search cleaners',
    description:
      'Answers the listing (location, serviceType, sortBy) and the advanced search (query, city, state, zipCode, latitude/longitude, radius, minRating, maxPrice, isVerified, isInsured, isBonded, sortBy, sortOrder). A location or city the built-in city table knows, or given coordinates, keep cleaners within `radius` miles (default 25), each with `distance`. Keywords match names, bio, services and coverage areas (prefix, ranked by relevance when no sortBy is given). `stats` cover every match.',
    tags: ['cleaners'],
    access: 'public',
    responses: {
      200: { description: 'One page of cleaners with stats over all matches', schema: CleanerSearchPage },
    },
    request: { query: CleanerSearchQuery },
  },
  getCleanerOverview: {
    method: 'get',
    path: '/cleaners/profile/overview',
    security: 'user',
    summary: 'The signed-in cleaner’s dashboard figures',
    description:
      'From the data, on every call: `totalBookings` (every booking with the cleaner, any status), `completedBookings`, `cancelledBookings`, `upcomingBookings` (jobs not yet done nor cancelled: pending, confirmed or in progress), `upcomingEarnings` (the cleaner’s share of what was paid for those same jobs); `totalEarnings` — the cleaner’s share of their completed jobs’ charges, in dollars: each charge less the platform fee and less their part of every confirmed refund (the money split); `averageRating` and `reviewCount` of published reviews (kept in step with each review); `completionRate` — completed ÷ (completed + cancelled), a whole percent, null before any booking ended. The 5 latest bookings are `links.bookings` with `limit=5`.',
    tags: ['cleaners'],
    access: 'a signed-in user with an active cleaner profile',
    responses: {
      200: { description: 'The figures', schema: CleanerOverview },
      404: { description: 'No active cleaner profile (code `cleaner_profile_not_found`)' },
    },
  },
  getCleaner: {
    method: 'get',
    path: '/cleaners/:id',
    security: 'public',
    partners: true,
    summary: 'One cleaner’s public profile',
    description:
      "A cleaner's public profile: name, photo, hourly rate, rating, city, the services they offer and their badges (verified, insured, bonded). `links` lead to their reviews, weekly hours, free slots and the services list; `actions` offer `book` to a signed-in customer who may book them, and `bookAsGuest` to a partner's widget.",
    tags: ['cleaners'],
    access: 'public',
    responses: {
      200: { description: 'The cleaner', schema: Cleaner },
      404: { description: 'No such cleaner' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
});
