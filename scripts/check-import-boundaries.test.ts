/**
 * The import-boundary lint (part of `npm run lint`): this tree keeps ARCHITECTURE.md's
 * dependency directions, and the data layer rule refuses what it should (issue 24 item 26).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = resolve('scripts/check-import-boundaries.mjs');
const trees: string[] = [];

function checkTree(files: Record<string, string>) {
  const tree = mkdtempSync(join(tmpdir(), 'import-boundaries-'));
  trees.push(tree);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
  return spawnSync(process.execPath, [script], { cwd: tree, encoding: 'utf8' });
}

afterEach(() => {
  for (const tree of trees.splice(0)) rmSync(tree, { recursive: true, force: true });
});

describe('import boundaries', () => {
  it('hold in this tree', () => {
    const result = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('keep src/server/db to itself and src/shared: no module, provider or other server code', () => {
    const refused = checkTree({
      'src/server/db/seed.ts': [
        "import { runMoneyDays } from '../modules/money/run-money-days';",
        "import { sandboxAchProvider } from '../providers/ach';",
        "import { users } from './schema';",
        "import { addDays } from '../../shared/dates/calendar-date';",
      ].join('\n'),
    });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('Import boundary violations (2)');
    expect(refused.stderr).toContain('src/server/db/seed.ts imports ../modules/money/run-money-days');
    expect(refused.stderr).toContain('src/server/db/seed.ts imports ../providers/ach');

    const allowed = checkTree({
      'src/server/db/client.ts': "import * as schema from './schema';",
      'src/server/modules/demo/seed-demo-data.ts': "import { users } from '../../db/schema';",
    });
    expect(allowed.status).toBe(0);
  });
});
