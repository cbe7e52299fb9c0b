import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../paths';
import { renderApiTypes } from './api-types';

describe('the SDK client’s types', () => {
  it('are generated from the API as it is now (run `npm run generate:api` after changing a route)', async () => {
    const committed = readFileSync(join(SERVER_ROOT, '..', 'sdk', 'src', 'client', 'api-types.ts'), 'utf8');
    expect(committed === (await renderApiTypes()), 'sdk/src/client/api-types.ts is out of date').toBe(true);
  });
});
