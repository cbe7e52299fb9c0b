/**
 * `@spotless/sdk/rules`: the product's rules that every side needs, without zod or any I/O —
 * money, prices and booking lengths, 12/24-hour times, display formats, upload types, the cleaner
 * search's filters and the product's messages.
 * The server charges by these, the hosted app and the widgets show them.
 */
export * from './application';
export * from './booking-fit';
export * from './booking-time';
export * from './cancellation';
export * from './chat';
export * from './contact';
export * from './files';
export * from './format';
export * from './messages';
export * from './offered-services';
export * from './pages';
export * from './partners';
export * from './pricing';
export * from './reviews';
export * from './search-filters';
export * from './service-area';
export * from './split';
export * from './statuses';
export * from './weekly-hours';
