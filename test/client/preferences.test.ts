import { describe, expect, it } from 'vitest';
import * as client from '../../client/src/preferences.js';
import { liveOpenApiDocument } from '../../client/scripts/generate-types.js';
import * as server from '../../src/domain/preferences.js';
import { BURN_MANAGER_MAX_IDS } from '../../src/domain/srs/burns.js';
import { MAX_HEAT_MAP_OFFSET } from '../../src/domain/calendar/heat-map.js';

describe('the client library’s preference tables and limits match the server', () => {
  it('keys, allowed values and defaults', () => {
    expect(client.DEFAULT_PREFERENCES).toEqual(server.DEFAULT_PREFERENCES);
    expect(client.PERIODS).toEqual(server.PERIODS);
    expect(client.WIDGET_KEYS).toEqual(server.WIDGET_KEYS);
    expect(client.REVIEWS_PRESENTATION_ORDERS).toEqual(server.REVIEWS_PRESENTATION_ORDERS);
    expect(client.VOICE_GENDERS).toEqual(server.VOICE_GENDERS);
    expect(client.LESSONS_BATCH_SIZE_RANGE).toEqual(server.LESSONS_BATCH_SIZE);
    expect(client.MAX_DAILY_LESSONS_RANGE.max).toBe(server.MAX_DAILY_LESSONS_CEILING);
    expect(client.BURN_MANAGER_MAX_IDS).toBe(BURN_MANAGER_MAX_IDS);
    expect(client.HEAT_MAP_MAX_OFFSET).toBe(MAX_HEAT_MAP_OFFSET);
  });

  it('study material limits are the ones the OpenAPI document states', async () => {
    const doc = JSON.stringify(await liveOpenApiDocument());
    const put = JSON.parse(doc).paths['/study_materials/{id}'].put.requestBody.content['application/json'].schema.properties;
    // The note is a string or null: its maxLength sits in whichever form the document writes the union.
    expect(JSON.stringify(put.meaning_note)).toContain(`"maxLength":${client.STUDY_MATERIAL_LIMITS.noteChars}`);
    expect(put.meaning_synonyms.maxItems).toBe(client.STUDY_MATERIAL_LIMITS.synonyms);
    expect(put.meaning_synonyms.items.maxLength).toBe(client.STUDY_MATERIAL_LIMITS.synonymChars);
  });

  it('readPreferences keeps allowed values and fills the defaults', () => {
    expect(client.readPreferences({ item_spread_view: 'graph', hidden_widgets: ['forecast'], lessons_batch_size: 'x' })).toEqual({
      ...server.DEFAULT_PREFERENCES,
      item_spread_view: 'graph',
      hidden_widgets: ['forecast'],
    });
  });
});
