import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const saved = { ...process.env };

async function loadWith(env: Record<string, string>) {
  process.env = { ...saved, ...env };
  vi.resetModules();
  return import('./pause-point');
}

afterEach(() => {
  process.env = { ...saved };
});

describe('pauseAt', () => {
  it('does nothing in production, whatever FAULT_PAUSE_AT says', async () => {
    const signalFile = join(mkdtempSync(join(tmpdir(), 'pause-')), 'paused');
    const { pauseAt } = await loadWith({
      NODE_ENV: 'production',
      FAULT_PAUSE_AT: 'interest:before-commit',
      FAULT_PAUSE_SIGNAL_FILE: signalFile,
    });
    await pauseAt('interest:before-commit');
    expect(existsSync(signalFile)).toBe(false);
  });

  it('stops for good at the named pass of the named point and says so in the signal file', async () => {
    const signalFile = join(mkdtempSync(join(tmpdir(), 'pause-')), 'paused');
    const { pauseAt } = await loadWith({
      NODE_ENV: 'test',
      FAULT_PAUSE_AT: 'ach:before-commit@2',
      FAULT_PAUSE_SIGNAL_FILE: signalFile,
    });
    await pauseAt('interest:before-commit');
    await pauseAt('ach:before-commit');
    expect(existsSync(signalFile)).toBe(false);
    const stopped = pauseAt('ach:before-commit').then(() => 'went on');
    expect(readFileSync(signalFile, 'utf8')).toBe('ach:before-commit');
    expect(await Promise.race([stopped, Promise.resolve('still stopped')])).toBe('still stopped');
  });
});
