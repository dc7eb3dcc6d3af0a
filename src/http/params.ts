import { notFoundError } from './errors.js';

/** A path id: anything that is not a positive integer names no resource, so it is a 404. */
export function pathId(text: string): number {
  if (!/^\d{1,15}$/.test(text)) throw notFoundError();
  return Number(text);
}
