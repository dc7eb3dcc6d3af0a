import type { Migration } from 'kysely';
import * as initial from './2026-11-21T000000_initial.js';
import * as screenIndexes from './2026-11-22T000000_screen_indexes.js';
import * as pushReceipts from './2026-11-23T000000_push_receipts.js';
import * as subjectMeanings from './2026-11-23T010000_subject_meanings.js';
import * as changeStamps from './2026-11-24T120000_change_stamps.js';
import * as idempotencyKeys from './2026-11-24T120100_idempotency_keys.js';
import * as contentRelease from './2026-11-24T160000_content_release.js';
import * as loginLinks from './2026-11-25T100000_login_links.js';
import * as userDisabled from './2026-11-25T140000_user_disabled.js';
import * as contentVersion from './2026-11-25T150000_content_version.js';
import * as dashboardIndexes from './2026-11-25T150100_dashboard_indexes.js';
import * as reviewIndexOrder from './2026-11-26T100000_review_index_order.js';
import * as reviewWriteEntries from './2026-11-27T050000_review_write_entries.js';
import * as storedPages from './2026-11-27T100000_stored_pages.js';
import * as storedPageRows from './2026-11-27T130000_stored_page_rows.js';
import * as learnerRowCounts from './2026-11-28T160000_learner_row_counts.js';
import * as storedPageBounds from './2026-11-28T210000_stored_page_bounds.js';

/** Every migration, by name; names sort in the order they apply. Forward-only. */
export const migrations: Record<string, Migration> = {
  '2026-11-21T000000_initial': initial,
  '2026-11-22T000000_screen_indexes': screenIndexes,
  '2026-11-23T000000_push_receipts': pushReceipts,
  '2026-11-23T010000_subject_meanings': subjectMeanings,
  '2026-11-24T120000_change_stamps': changeStamps,
  '2026-11-24T120100_idempotency_keys': idempotencyKeys,
  '2026-11-24T160000_content_release': contentRelease,
  '2026-11-25T100000_login_links': loginLinks,
  '2026-11-25T140000_user_disabled': userDisabled,
  '2026-11-25T150000_content_version': contentVersion,
  '2026-11-25T150100_dashboard_indexes': dashboardIndexes,
  '2026-11-26T100000_review_index_order': reviewIndexOrder,
  '2026-11-27T050000_review_write_entries': reviewWriteEntries,
  '2026-11-27T100000_stored_pages': storedPages,
  '2026-11-27T130000_stored_page_rows': storedPageRows,
  '2026-11-28T160000_learner_row_counts': learnerRowCounts,
  '2026-11-28T210000_stored_page_bounds': storedPageBounds,
};
