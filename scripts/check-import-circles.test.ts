/**
 * The import-circle check (`npm run lint`) refuses import circles (issue 24 item 26, decision 1801):
 * `money/ach-transfers.ts`, `settle-ach-payments.ts` and `sync-ach-events.ts` imported each
 * other, so which one's top level ran first depended on who imported whom first.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const script = resolve('scripts/check-import-circles.mjs');
const folders: string[] = [];

function check(cwd = process.cwd()) {
  const run = spawnSync(process.execPath, [script], { cwd, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A throwaway project with these files under src/. */
function project(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'import-circles-'));
  folders.push(folder);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, 'src', path)), { recursive: true });
    writeFileSync(join(folder, 'src', path), text);
  }
  return folder;
}

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('the import-circle check', () => {
  it('passes on this repository: no import circle', () => {
    const result = check();
    expect(result.output).toContain('import circles: none');
    expect(result.status).toBe(0);
  });

  it('names every import circle, also through a third module', () => {
    const result = check(
      project({
        'server/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
        'server/b.ts': "import { c } from './nested/c';\nexport const b = () => c;\n",
        'server/nested/c.ts': "import { a } from '../a';\nexport const c = () => a;\n",
      }),
    );
    expect(result.status).toBe(1);
    expect(result.output).toContain(
      'src/server/a.ts -> src/server/b.ts -> src/server/nested/c.ts -> src/server/a.ts',
    );
  });

  it('lets type-only imports go both ways: they are erased', () => {
    const result = check(
      project({
        'server/a.ts': "import type { B } from './b';\nexport type A = { b?: B };\nexport const a = 1;\n",
        'server/b.ts': "import { a } from './a';\nexport type B = { a: typeof a };\n",
      }),
    );
    expect(result.output).toContain('import circles: none');
    expect(result.status).toBe(0);
  });
});
