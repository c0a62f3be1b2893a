/**
 * Backup files on disk: written readable by their owner only, under a temporary name and
 * renamed into place only when complete (data file first, manifest last), so an interrupted
 * backup never leaves a file that looks finished.
 */
import { chmod, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { BackupManifest } from './backup-manifest';

const PARTIAL_SUFFIX = '.partial';
const MANIFEST_SUFFIX = '.manifest.json';

/** `steadyline-20261126T142300123Z`: sorts in time order. */
export function backupBaseName(at: Date): string {
  return `steadyline-${at.toISOString().replace(/[-:.]/g, '')}`;
}

export function manifestPathOf(directory: string, baseName: string): string {
  return join(directory, `${baseName}${MANIFEST_SUFFIX}`);
}

export function partialPathOf(finalPath: string): string {
  return `${finalPath}${PARTIAL_SUFFIX}`;
}

/** Creates the folder (owner only) when it does not exist yet. */
export async function ensureBackupDirectory(directory: string): Promise<void> {
  await mkdir(directory, { recursive: true, mode: 0o700 });
}

/** Opens a new file for writing, owner-only whatever the umask; refuses to overwrite one. */
export async function createOwnerOnlyFile(path: string) {
  const handle = await open(path, 'wx', 0o600);
  await handle.chmod(0o600);
  return handle;
}

/** Writes `bytes` to `path` through its `.partial` name, flushed before it is renamed. */
export async function writeFileAtomically(
  path: string,
  bytes: Uint8Array | string | AsyncIterable<Uint8Array>,
): Promise<void> {
  const partial = partialPathOf(path);
  const handle = await createOwnerOnlyFile(partial);
  try {
    if (typeof bytes === 'string' || bytes instanceof Uint8Array) await handle.writeFile(bytes);
    else for await (const chunk of bytes) await handle.write(chunk);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(partial, { force: true });
    throw error;
  }
  await handle.close();
  await rename(partial, path);
  await chmod(path, 0o600);
}

export interface StoredBackup {
  manifestPath: string;
  dataPath: string;
  manifest: BackupManifest;
}

export async function readManifest(manifestPath: string): Promise<BackupManifest> {
  return JSON.parse(await readFile(manifestPath, 'utf8')) as BackupManifest;
}

/** The finished backups in `directory` (those with a manifest), oldest first. */
export async function listBackups(directory: string): Promise<StoredBackup[]> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const backups: StoredBackup[] = [];
  for (const name of names.filter((entry) => entry.endsWith(MANIFEST_SUFFIX)).sort()) {
    const manifestPath = join(directory, name);
    try {
      const manifest = await readManifest(manifestPath);
      backups.push({ manifestPath, dataPath: join(directory, manifest.dataFile), manifest });
    } catch {
      // An unreadable manifest is not a backup this code made; leave it alone.
    }
  }
  return backups;
}

/**
 * Deletes finished backups older than `retentionDays` (the newest one is always kept) and
 * `.partial` files a stopped backup left more than a day ago. Returns how many backups went.
 */
export async function pruneBackups(directory: string, retentionDays: number, now: Date): Promise<number> {
  const cutoff = now.getTime() - retentionDays * 86_400_000;
  const backups = await listBackups(directory);
  let removed = 0;
  for (const backup of backups.slice(0, -1)) {
    if (Date.parse(backup.manifest.createdAt) >= cutoff) continue;
    // Manifest first: a backup without its manifest no longer looks complete if the next step fails.
    await rm(backup.manifestPath, { force: true });
    await rm(backup.dataPath, { force: true });
    removed += 1;
  }
  for (const name of await readdir(directory)) {
    if (!name.endsWith(PARTIAL_SUFFIX)) continue;
    const path = join(directory, name);
    if ((await stat(path)).mtimeMs < now.getTime() - 86_400_000) await rm(path, { force: true });
  }
  return removed;
}
