export * from './cleaners';
export * from './common';
export * from './contact';
export * from './reviews';
export * from './services';
