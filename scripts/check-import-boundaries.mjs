// Enforces ARCHITECTURE.md's dependency directions: shared <- server, shared <- web,
// server and web never import each other, and no web feature imports another feature.
// Also refuses import circles between modules (decision 1801): in a circle, which module's
// top level runs first depends on who imported whom first.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve('src');
const importPattern =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

function sourceFiles(directory) {
  const files = [];
  for (const entry of readdirSync(directory)) {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(entry)) files.push(path);
  }
  return files;
}

function areaOf(file) {
  const parts = relative(root, file).split(sep);
  const top = parts[0];
  if (top === 'web' && parts[1] === 'features') return { top, feature: parts[2] };
  return { top, feature: null };
}

/** The file an import names (`./x` is `./x.ts`, `./x.tsx` or `./x/index.ts`), or null. */
function resolvedFile(target) {
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** `import type` and `export type` are erased; every other import runs the imported module. */
const typeOnlyPattern = /^(?:import|export)\s+type\s/;

/** One circle of runtime imports per group of modules that reach each other, as a path. */
function importCircles(graph) {
  const circles = [];
  const state = new Map();
  const stack = [];
  function visit(file) {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') circles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  }
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return circles;
}

const problems = [];
const runtimeImports = new Map();
for (const file of sourceFiles(root)) {
  const text = readFileSync(file, 'utf8');
  const from = areaOf(file);
  const imported = new Set();
  runtimeImports.set(file, imported);
  for (const match of text.matchAll(importPattern)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (!specifier?.startsWith('.')) continue;
    const target = resolve(dirname(file), specifier);
    if (!target.startsWith(root + sep)) continue;
    const targetFile = resolvedFile(target);
    if (targetFile && !typeOnlyPattern.test(match[0])) imported.add(targetFile);
    const to = areaOf(target);
    const where = `${relative(process.cwd(), file)} imports ${specifier}`;
    if (from.top === 'shared' && to.top !== 'shared')
      problems.push(`${where}: src/shared may import only src/shared`);
    if (from.top === 'server' && to.top === 'web')
      problems.push(`${where}: the server may not import the web app`);
    if (from.top === 'web' && to.top === 'server')
      problems.push(`${where}: the web app may not import the server`);
    if (from.feature && to.feature && from.feature !== to.feature) {
      problems.push(
        `${where}: web feature "${from.feature}" may not import feature "${to.feature}" (compose them in src/web/app)`,
      );
    }
  }
}

for (const circle of importCircles(runtimeImports)) {
  problems.push(`import circle: ${circle.map((file) => relative(process.cwd(), file)).join(' -> ')}`);
}

if (problems.length > 0) {
  console.error(`Import boundary violations (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('import boundaries: ok');
