import type { Config } from '../config/index.js';
import type { Db } from '../db/connect.js';
import type { Clock } from '../shared/clock.js';

/** What every use case may use; each function takes only this and its own input. */
export interface Deps {
  readonly db: Db;
  readonly clock: Clock;
  readonly config: Config;
}
