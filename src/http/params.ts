import { MAX_INT32 } from '../shared/ids.js';
import { notFoundError } from './errors.js';

/** A path id: anything that is not a positive integer names no resource, so it is a 404. */
export function pathId(text: string): number {
  if (!/^\d{1,15}$/.test(text) || Number(text) > MAX_INT32) throw notFoundError();
  return Number(text);
}
