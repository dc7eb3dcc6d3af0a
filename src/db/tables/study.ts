import type { ColumnType, Generated } from 'kysely';

export interface AssignmentsTable {
  id: Generated<number>;
  user_id: number;
  subject_id: number;
  subject_type: string;
  /** Copy of the subject's level and hidden flag, kept in step by content import, so filters stay local. */
  subject_level: number;
  hidden: number;
  srs_stage: number;
  unlocked_at: number | null;
  started_at: number | null;
  passed_at: number | null;
  burned_at: number | null;
  available_at: number | null;
  resurrected_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface ReviewsTable {
  id: Generated<number>;
  user_id: number;
  assignment_id: number;
  subject_id: number;
  subject_type: string;
  created_at: number;
  starting_srs_stage: number;
  ending_srs_stage: number;
  incorrect_meaning_answers: number;
  incorrect_reading_answers: number;
  /** 1 when every counted part was answered right first time. */
  correct: number;
  spaced_repetition_system_id: number;
  hidden: number;
  updated_at: number;
}

export interface ReviewStatisticsTable {
  id: Generated<number>;
  user_id: number;
  subject_id: number;
  subject_type: string;
  meaning_correct: number;
  meaning_incorrect: number;
  meaning_max_streak: number;
  meaning_current_streak: number;
  reading_correct: number;
  reading_incorrect: number;
  reading_max_streak: number;
  reading_current_streak: number;
  percentage_correct: number;
  hidden: number;
  created_at: number;
  updated_at: number;
}

export interface StudyMaterialsTable {
  id: Generated<number>;
  user_id: number;
  subject_id: number;
  subject_type: string;
  meaning_note: string | null;
  reading_note: string | null;
  /** JSON array of strings. */
  meaning_synonyms: string;
  hidden: number;
  created_at: number;
  updated_at: number;
}

export interface LevelProgressionsTable {
  id: Generated<number>;
  user_id: number;
  level: number;
  unlocked_at: number | null;
  started_at: number | null;
  passed_at: number | null;
  completed_at: number | null;
  abandoned_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface ResetsTable {
  id: Generated<number>;
  user_id: number;
  original_level: number;
  target_level: number;
  confirmed_at: number | null;
  created_at: number;
  updated_at: number;
}

/** Per-user activity in 15-minute UTC slots: local days in any zone are unions of whole slots. */
export interface StudyActivityTable {
  user_id: number;
  slot: number;
  reviews: number;
  correct: number;
  lessons: number;
}

export interface ExtraStudyCyclesTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  capped: number;
  total: number;
  opened_at: number;
  finished_at: number | null;
  updated_at: number;
}

export interface ExtraStudyItemsTable {
  cycle_id: number;
  user_id: number;
  assignment_id: number;
  subject_id: number;
  position: number;
  done_at: number | null;
}

/** A learner's collection page stored whole, by request address, naming its bytes (src/http/stored-pages.ts). */
export interface StoredPagesTable {
  user_id: number;
  address: string;
  /** What the bytes were written from: the writer (code and base address) and the learner's data version. */
  version: string;
  /** The bytes' ETag, which names them in stored_page_bodies. */
  etag: string;
  data_updated_at: number | null;
  bytes: number;
  stored_at: number;
  /** What the bytes were written from besides the change stamp (src/http/stored-pages.ts, rowsKey); null for entries stored before it. */
  rows_key: string | null;
  /**
   * Where the page lies in the learner's collection (src/shared/paging.ts, PageBounds): its last
   * row's id, its rows, total count and links (0 or 1); null for entries stored before they were kept
   * and for a page of no rows.
   */
  last_id: number | null;
  row_count: number | null;
  total_count: number | null;
  has_next: number | null;
  has_previous: number | null;
}

/** The bytes of learners' stored pages, by ETag. */
export interface StoredPageBodiesTable {
  user_id: number;
  etag: string;
  /**
   * A blob on SQLite; on PostgreSQL text, stored from the bytes and read as bytes by a statement
   * that asks for them (src/db/byte-fields.ts), else as a string.
   */
  body: ColumnType<Buffer | string, Buffer, never>;
}
