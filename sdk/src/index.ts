export type { City } from './cities';
export { CITIES, lookupCity } from './cities';
export type { ClientOptions, RequestOptions, SpotlessClient } from './client';
export { ApiError, createClient, toQueryString } from './client';
export * from './format';
export type {
  ApiErrorBody,
  Cleaner,
  CleanerListQuery,
  CleanerPage,
  ContactMessageCreated,
  ContactMessageInput,
  Review,
  ReviewPage,
  Service,
  ServiceList,
  ServiceType,
} from './schemas';
