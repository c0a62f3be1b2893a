import { describe, expect, it } from 'vitest';
import { createThrottle, type ThrottleTimer } from './throttle';

/** A timer whose sleeps move its own clock, so pacing is checked without waiting. */
function fakeTimer(): ThrottleTimer & { sleeps: number[] } {
  let now = 1000;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    async sleep(milliseconds) {
      sleeps.push(milliseconds);
      now += milliseconds;
    },
  };
}

describe('campaign throttle', () => {
  it('spaces messages to the configured rate', async () => {
    const timer = fakeTimer();
    const throttle = createThrottle(4, timer);
    for (let index = 0; index < 5; index += 1) await throttle.take();
    expect(timer.sleeps).toEqual([250, 250, 250, 250]);
  });

  it('shares the rate between concurrent senders', async () => {
    const sleeps: number[] = [];
    const frozen: ThrottleTimer = {
      now: () => 1000,
      async sleep(milliseconds) {
        sleeps.push(milliseconds);
      },
    };
    const throttle = createThrottle(10, frozen);
    await Promise.all([throttle.take(), throttle.take(), throttle.take()]);
    expect(sleeps).toEqual([100, 200]);
  });

  it('does not wait when throttling is off', async () => {
    const timer = fakeTimer();
    const throttle = createThrottle(0, timer);
    for (let index = 0; index < 100; index += 1) await throttle.take();
    expect(timer.sleeps).toEqual([]);
  });
});
