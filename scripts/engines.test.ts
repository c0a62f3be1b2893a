/**
 * A newcomer's `npm install` on the Node version package.json promises prints no EBADENGINE
 * warning (issue 13): every package in the lock file, dependencies of dependencies included,
 * accepts the oldest Node that the engines field allows. The overrides in package.json keep
 * @fastify/cookie, light-my-request and @fastify/static on the cookie and content-disposition
 * majors that still support Node 20 (same API).
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  version?: string;
  engines?: { node?: unknown } | unknown[];
}

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> };

describe('the engines field', () => {
  it('is met by every locked package at the oldest Node it allows', () => {
    const oldest = semver.minVersion(manifest.engines.node)?.version;
    expect(oldest).toBeDefined();
    const refusing = Object.entries(lock.packages)
      .map(([path, entry]) => ({
        path,
        node: !Array.isArray(entry.engines) ? entry.engines?.node : undefined,
      }))
      .filter((entry): entry is { path: string; node: string } => typeof entry.node === 'string')
      .filter((entry) => !semver.satisfies(oldest!, entry.node))
      .map((entry) => `${entry.path} wants node ${entry.node}`);
    expect(refusing).toEqual([]);
  });
});
