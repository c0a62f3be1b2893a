import { describe, expect, it } from 'vitest';
import { inParallel } from './money-sql';

describe('inParallel', () => {
  it('runs at most `width` items at once and returns the results in item order', async () => {
    let running = 0;
    let most = 0;
    const results = await inParallel([30, 5, 20, 1, 10], 2, async (delay) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, delay));
      running -= 1;
      return delay * 2;
    });
    expect(results).toEqual([60, 10, 40, 2, 20]);
    expect(most).toBe(2);
  });

  it('starts nothing after a failure, lets the items under way finish, then throws the first error', async () => {
    const started: number[] = [];
    const finished: number[] = [];
    const run = inParallel([1, 2, 3, 4, 5], 2, async (item) => {
      started.push(item);
      await new Promise((resolve) => setTimeout(resolve, item === 1 ? 5 : 20));
      if (item === 1) throw new Error('batch 1 failed');
      finished.push(item);
      return item;
    });
    await expect(run).rejects.toThrow('batch 1 failed');
    expect(started).toEqual([1, 2]);
    expect(finished).toEqual([2]);
  });
});
