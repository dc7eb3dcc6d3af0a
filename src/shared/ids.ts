/** Ids, levels and stages are 32-bit integer columns (PostgreSQL `integer`): no stored value lies outside. */
export const MAX_INT32 = 2_147_483_647;
export const MIN_INT32 = -2_147_483_648;

export function inInt32Range(value: number): boolean {
  return value >= MIN_INT32 && value <= MAX_INT32;
}

/** Whether a client-supplied id can name a stored row at all: ids are positive 32-bit integers. */
export function isRowId(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_INT32;
}
