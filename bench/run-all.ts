/**
 * `npm run bench`: runs every bench/*.bench.ts in turn (or those named on the command line)
 * and prints what each measures. Benchmarks print figures; they never fail on a time.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const requested = process.argv.slice(2);
const files = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => requested.length === 0 || requested.some((name) => file.includes(name)))
  .sort();

let failed = 0;
for (const file of files) {
  process.stdout.write(`\n=== ${file} ===\n`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(here, file)], {
    stdio: 'inherit',
    env: process.env,
  });
  if (result.status !== 0) failed += 1;
}
process.stdout.write(`\n${files.length - failed} benchmarks ran, ${failed} failed to run\n`);
process.exit(failed > 0 ? 1 : 0);
