// The relative imports of every TypeScript file under a folder, for the lint scripts that check
// how src's modules depend on each other (import boundaries, import circles).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

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

/**
 * Each TypeScript file under `root` with its relative imports that stay inside `root`:
 * `{file, imports: [{specifier, target, isTypeOnly}]}`, `target` being the absolute path named
 * (without an extension).
 */
export function relativeImportsUnder(root) {
  return sourceFiles(root).map((file) => {
    const imports = [];
    for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      if (!specifier?.startsWith('.')) continue;
      const target = resolve(dirname(file), specifier);
      if (!target.startsWith(root + sep)) continue;
      imports.push({ specifier, target, isTypeOnly: typeOnlyPattern.test(match[0]) });
    }
    return { file, imports };
  });
}
