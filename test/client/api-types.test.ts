import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { API_TYPES_PATH, liveOpenApiDocument, renderApiTypes } from '../../client/scripts/generate-types.js';

it('client/src/api.ts is generated from the live OpenAPI document (run `npm run client:types` when this fails)', async () => {
  const expected = await renderApiTypes(await liveOpenApiDocument());
  expect(readFileSync(API_TYPES_PATH, 'utf8') === expected, 'client/src/api.ts is stale: run `npm run client:types`').toBe(true);
});
