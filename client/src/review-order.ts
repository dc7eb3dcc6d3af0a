/** The `reviews_presentation_order` preference's values. */
export type PresentationOrder = 'shuffled' | 'apprentice_first' | 'lower_srs_first' | 'lower_levels_first';

/** Apprentice stages 1 to 4: the dashboard's first stage group. */
export const APPRENTICE_MAX_STAGE = 4;

/** What review ordering reads of a due item. */
export interface OrderableReview {
  srsStage: number;
  level: number;
}

/** Fisher-Yates over a copy; `random` returns [0, 1) (Math.random in the app, seeded in tests). */
export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const KEYS: Record<Exclude<PresentationOrder, 'shuffled'>, (item: OrderableReview) => number> = {
  apprentice_first: (item) => (item.srsStage <= APPRENTICE_MAX_STAGE ? 0 : 1),
  lower_srs_first: (item) => item.srsStage,
  lower_levels_first: (item) => item.level,
};

/**
 * The review queue in the learner's `reviews_presentation_order`: shuffled, or by the order's key
 * with ties shuffled (so equal items never come in a fixed pattern). Unknown values shuffle.
 */
export function reviewQueueOrder<T extends OrderableReview>(items: readonly T[], order: string | undefined, random: () => number): T[] {
  const shuffled = shuffle(items, random);
  const key = order !== undefined && order in KEYS ? KEYS[order as keyof typeof KEYS] : null;
  return key === null ? shuffled : shuffled.sort((a, b) => key(a) - key(b));
}
