import type { ApplicationStatus } from '@spotless/sdk';

/**
 * The query keys of the administrators' view of applications, apart from the applicant's own
 * (`['applications']`): `adminApplicationKeys.all` is every list page and every detailed review.
 */
export const adminApplicationKeys = {
  all: ['admin-applications'] as const,
  lists: () => [...adminApplicationKeys.all, 'list'] as const,
  list: (status: ApplicationStatus, page: number) => [...adminApplicationKeys.lists(), status, page] as const,
  details: () => [...adminApplicationKeys.all, 'detail'] as const,
  detail: (id: number) => [...adminApplicationKeys.details(), id] as const,
};
