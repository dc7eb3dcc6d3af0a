/** Ids, levels and stages are 32-bit integer columns (PostgreSQL `integer`): no stored value lies outside. */
export const MAX_INT32 = 2_147_483_647;
export const MIN_INT32 = -2_147_483_648;

export function inInt32Range(value: number): boolean {
  return value >= MIN_INT32 && value <= MAX_INT32;
}
