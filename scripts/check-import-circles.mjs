// Refuses import circles between the modules of src (decision 1801): in a circle, which
// module's top level runs first depends on who imported whom first, so a module can meet
// another's exports before they exist. `import type` is erased and does not count.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve('src');
const importPattern =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;
const typeOnlyPattern = /^(?:import|export)\s+type\s/;

function sourceFiles(directory) {
  const files = [];
  for (const entry of readdirSync(directory)) {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(entry)) files.push(path);
  }
  return files;
}

/** The file an import names (`./x` is `./x.ts`, `./x.tsx` or `./x/index.ts`), or null. */
function resolvedFile(target) {
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const runtimeImports = new Map();
for (const file of sourceFiles(root)) {
  const imported = new Set();
  runtimeImports.set(file, imported);
  for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (!specifier?.startsWith('.') || typeOnlyPattern.test(match[0])) continue;
    const target = resolve(dirname(file), specifier);
    if (!target.startsWith(root + sep)) continue;
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
