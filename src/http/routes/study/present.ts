import type { Static } from 'typebox';
import type { RecordedItem, StudyView } from '../../../services/extra-study.js';
import type { RecordedData, StudyData } from './schema.js';

export const presentStudy = (v: StudyView): Static<typeof StudyData> => ({
  kind: v.kind,
  capped: v.capped,
  total_count: v.items.length,
  progress: v.progress,
  items: v.items,
});

export const presentRecorded = (r: RecordedItem): Static<typeof RecordedData> => ({ kind: r.kind, progress: r.progress });
