import type { Static } from 'typebox';
import type { Readiness as ReadinessState } from '../../../services/health.js';
import type { Readiness } from './schema.js';

export function presentReadiness(state: ReadinessState): Static<typeof Readiness> {
  return { status: state.ready ? 'ready' : 'not_ready', checks: state.checks, reason: state.reason };
}
