// Every environment variable the server reads (src/server/config.ts) must be documented in README.md.
import { readFileSync } from 'node:fs';

const config = readFileSync('src/server/config.ts', 'utf8');
const readme = readFileSync('README.md', 'utf8');
const schemaBody = config.slice(config.indexOf('z\n  .object({'), config.indexOf('.superRefine('));
const variables = [...schemaBody.matchAll(/^\s{4}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]);
const missing = variables.filter((name) => !readme.includes(`\`${name}\``));
if (variables.length === 0) {
  console.error('check-readme-env: found no variables in src/server/config.ts (has its shape changed?)');
  process.exit(1);
}
if (missing.length > 0) {
  console.error(`README.md does not document these environment variables: ${missing.join(', ')}`);
  process.exit(1);
}
console.log(`README documents all ${variables.length} environment variables`);
