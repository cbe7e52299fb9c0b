import type { Application, ApplicationStatus } from '@spotless/sdk';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { APPLICATIONS_PAGE_SIZE } from '../utils/admin-dashboard';
import { adminApplicationKeys } from './admin-application-keys';

/** One page of one tab (newest first), with the counts per status over every application. */
export const adminApplicationsQuery = (status: ApplicationStatus, page: number) =>
  queryOptions({
    queryKey: adminApplicationKeys.list(status, page),
    queryFn: ({ signal }) =>
      api.call('get', '/api/admin/applications', {
        query: { status, page, pageSize: APPLICATIONS_PAGE_SIZE },
        signal,
      }),
    staleTime: 0,
    // Another page of the same tab keeps the rows on screen while it loads; another tab does not.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === status ? previous : undefined),
  });

/** The detailed review of an application, with its documents: its own `review` link (decision 033). */
export const applicationReviewQuery = (application: Application) =>
  queryOptions({
    queryKey: adminApplicationKeys.detail(application.id),
    queryFn: ({ signal }) => {
      const review = application.links.review;
      if (!review) throw new Error('This application offers no review');
      return api.follow(review, {}, signal);
    },
    enabled: Boolean(application.links.review),
    staleTime: 0,
  });
