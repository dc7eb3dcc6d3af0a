/** Names of the SRS stages of the default spaced repetition system, by stage number. */
const STAGE_NAMES = [
  'Lesson',
  'Apprentice 1',
  'Apprentice 2',
  'Apprentice 3',
  'Apprentice 4',
  'Guru 1',
  'Guru 2',
  'Master',
  'Enlightened',
  'Burned',
];

/** A stage's name, or "Stage N" for a stage the default system does not have. */
export const stageName = (stage: number): string => STAGE_NAMES[stage] ?? `Stage ${stage}`;
