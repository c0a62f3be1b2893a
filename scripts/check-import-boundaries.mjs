// Enforces ARCHITECTURE.md's dependency directions: shared <- server, shared <- web,
// server and web never import each other, and no web feature imports another feature.
import { readdirSync, readFileSync, statSync } from 'node:fs';
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

const problems = [];
for (const file of sourceFiles(root)) {
  const text = readFileSync(file, 'utf8');
  const from = areaOf(file);
  for (const match of text.matchAll(importPattern)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (!specifier?.startsWith('.')) continue;
    const target = resolve(dirname(file), specifier);
    if (!target.startsWith(root + sep)) continue;
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

if (problems.length > 0) {
  console.error(`Import boundary violations (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('import boundaries: ok');
