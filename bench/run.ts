import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Runs every benchmark scenario in turn, each in its own process so one cannot warm another. */
const SCENARIOS = [
  'subject-sync.ts',
  'reviews.ts',
  'durability.ts',
  'burst.ts',
  'dashboard.ts',
  'unlockable.ts',
  'push-tick.ts',
  'web-app.ts',
];

const only = process.argv.slice(2);
for (const scenario of SCENARIOS.filter((s) => only.length === 0 || only.some((o) => s.startsWith(o)))) {
  console.log(`\n## ${scenario}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(scenario, import.meta.url))], { stdio: 'inherit' });
  if (run.status !== 0) process.exitCode = 1;
}
