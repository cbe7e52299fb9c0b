import { createClient, type SpotlessClient } from '@spotless/sdk';

/** The one API client of the hosted app: same origin (Vite proxies `/api` in development), cookies included. */
export const api: SpotlessClient = createClient();
