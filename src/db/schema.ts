import type {
  ApiTokensTable,
  IdempotencyKeysTable,
  LoginLinksTable,
  PushTicketsTable,
  PushTokensTable,
  SessionsTable,
  UsersTable,
} from './tables/accounts.js';
import type {
  ContentReleaseTable,
  ContentVersionTable,
  SpacedRepetitionSystemsTable,
  SubjectComponentsTable,
  SubjectsTable,
  SubjectTermsTable,
  VoiceActorsTable,
} from './tables/content.js';
import type {
  AssignmentsTable,
  ExtraStudyCyclesTable,
  ExtraStudyItemsTable,
  LevelProgressionsTable,
  ResetsTable,
  ReviewsTable,
  ReviewStatisticsTable,
  StudyActivityTable,
  StoredPageBodiesTable,
  StoredPagesTable,
  StudyMaterialsTable,
} from './tables/study.js';

/** The whole database. Row types never leave db/: repositories map them to domain values. */
export interface Database {
  users: UsersTable;
  api_tokens: ApiTokensTable;
  sessions: SessionsTable;
  login_links: LoginLinksTable;
  push_tokens: PushTokensTable;
  push_tickets: PushTicketsTable;
  idempotency_keys: IdempotencyKeysTable;
  subjects: SubjectsTable;
  subject_components: SubjectComponentsTable;
  subject_terms: SubjectTermsTable;
  spaced_repetition_systems: SpacedRepetitionSystemsTable;
  voice_actors: VoiceActorsTable;
  content_release: ContentReleaseTable;
  content_version: ContentVersionTable;
  assignments: AssignmentsTable;
  reviews: ReviewsTable;
  review_statistics: ReviewStatisticsTable;
  study_materials: StudyMaterialsTable;
  level_progressions: LevelProgressionsTable;
  resets: ResetsTable;
  study_activity: StudyActivityTable;
  extra_study_cycles: ExtraStudyCyclesTable;
  extra_study_items: ExtraStudyItemsTable;
  stored_pages: StoredPagesTable;
  stored_page_bodies: StoredPageBodiesTable;
}
