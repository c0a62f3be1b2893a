// Enforces ARCHITECTURE.md's dependency directions: shared <- server, shared <- web,
// server and web never import each other, no web feature imports another feature, and the
// server's data layer (src/server/db: schema, migrations, client) imports nothing above it.
import { relative, resolve, sep } from 'node:path';
import { relativeImportsUnder } from './source-imports.mjs';

const root = resolve('src');

function areaOf(file) {
  const parts = relative(root, file).split(sep);
  const top = parts[0];
  if (top === 'web' && parts[1] === 'features') return { top, feature: parts[2], isDataLayer: false };
  return { top, feature: null, isDataLayer: top === 'server' && parts[1] === 'db' };
}

const problems = [];
for (const { file, imports } of relativeImportsUnder(root)) {
  const from = areaOf(file);
  for (const { specifier, target } of imports) {
    const to = areaOf(target);
    const where = `${relative(process.cwd(), file)} imports ${specifier}`;
    if (from.top === 'shared' && to.top !== 'shared')
      problems.push(`${where}: src/shared may import only src/shared`);
    if (from.top === 'server' && to.top === 'web')
      problems.push(`${where}: the server may not import the web app`);
    if (from.top === 'web' && to.top === 'server')
      problems.push(`${where}: the web app may not import the server`);
    if (from.isDataLayer && !to.isDataLayer && to.top !== 'shared')
      problems.push(
        `${where}: src/server/db (the data layer) may import only src/server/db and src/shared; code that needs the modules belongs beside them`,
      );
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
