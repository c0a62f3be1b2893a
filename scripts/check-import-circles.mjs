// Refuses import circles between the modules of src (decision 1801): in a circle, which
// module's top level runs first depends on who imported whom first, so a module can meet
// another's exports before they exist. `import type` is erased and does not count.
import { existsSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { relativeImportsUnder } from './source-imports.mjs';

const root = resolve('src');

/** The file an import names (`./x` is `./x.ts`, `./x.tsx` or `./x/index.ts`), or null. */
function resolvedFile(target) {
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const runtimeImports = new Map();
for (const { file, imports } of relativeImportsUnder(root)) {
  const imported = new Set();
  runtimeImports.set(file, imported);
  for (const { target, isTypeOnly } of imports) {
    if (isTypeOnly) continue;
    const targetFile = resolvedFile(target);
    if (targetFile) imported.add(targetFile);
  }
}

/** Each import that closes a circle, as the path from where the circle starts back to it. */
const circles = [];
const state = new Map();
const stack = [];
function visit(file) {
  state.set(file, 'open');
  stack.push(file);
  for (const next of runtimeImports.get(file) ?? []) {
    if (state.get(next) === 'open') circles.push([...stack.slice(stack.indexOf(next)), next]);
    else if (!state.has(next)) visit(next);
  }
  stack.pop();
  state.set(file, 'done');
}
for (const file of runtimeImports.keys()) if (!state.has(file)) visit(file);

if (circles.length > 0) {
  const lines = circles.map((circle) => circle.map((file) => relative(process.cwd(), file)).join(' -> '));
  console.error(`Import circles (${circles.length}):\n  ${lines.join('\n  ')}`);
  process.exit(1);
}
console.log('import circles: none');
