// `npm run generate:api`: writes sdk/src/client/api-types.ts, the TypeScript description of every
// API operation, from the OpenAPI document the server generates from its zod contract. The SDK's
// client is typed by it; `server/src/api-reference/api-types.test.ts` fails when it is out of date.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderApiTypes } from '../server/src/api-reference/api-types';

const target = fileURLToPath(new URL('../sdk/src/client/api-types.ts', import.meta.url));
writeFileSync(target, await renderApiTypes());
console.log(`wrote ${target}`);
