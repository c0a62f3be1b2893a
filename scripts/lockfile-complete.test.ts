/**
 * `npm ci` installs from the lock file alone and refuses one that lacks a package the manifest
 * graph names (issue 24 item 22): npm 11 had left other platforms' optional binaries of Biome out
 * of it, so `npm ci` failed on every fresh clone. Every optional dependency of every locked package
 * must have its own entry, wherever npm would resolve it (beside the package or further up).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> };

/** The folders npm looks in for `name` required from `path`: its own node_modules, then each parent's. */
function resolutionCandidates(path: string, name: string): string[] {
  const candidates: string[] = [];
  let folder = path;
  while (true) {
    candidates.push(folder === '' ? `node_modules/${name}` : `${folder}/node_modules/${name}`);
    if (folder === '') break;
    const cut = folder.lastIndexOf('/node_modules/');
    folder = cut === -1 ? '' : folder.slice(0, cut);
  }
  return candidates;
}

describe('the lock file', () => {
  it('has an entry for every optional dependency, on every platform', () => {
    const missing = Object.entries(lock.packages).flatMap(([path, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !resolutionCandidates(path, name).some((candidate) => candidate in lock.packages))
        .map((name) => `${path || '(root)'} -> ${name}`),
    );
    expect(missing).toEqual([]);
  });
});
