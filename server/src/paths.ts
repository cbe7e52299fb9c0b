import { fileURLToPath } from 'node:url';

// Both `src/*.ts` and the bundled `dist/*.js` sit one level below `server/`.
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));
export const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));
