import { describe, expect, it } from 'vitest';
import { sharedRoundTrip } from './concurrency.js';

/** A round trip that ends when the test says so, recording when each one started. */
const controlledTrips = () => {
  const ends: (() => void)[] = [];
  const started: number[] = [];
  let clock = 0;
  let onTheWire = 0;
  let mostOnTheWire = 0;
  const roundTrip = () =>
    new Promise<void>((resolve) => {
      started.push(clock);
      onTheWire += 1;
      mostOnTheWire = Math.max(mostOnTheWire, onTheWire);
      ends.push(() => {
        onTheWire -= 1;
        resolve();
      });
    });
  return {
    roundTrip,
    started,
    tick: () => (clock += 1),
    end: async (index: number) => {
      ends[index]?.();
      // Lets the settled trip's callbacks (and the next trip's start) run.
      await new Promise((resolve) => setImmediate(resolve));
    },
    mostOnTheWire: () => mostOnTheWire,
  };
};

describe('sharedRoundTrip', () => {
  it('gives every caller a round trip that started after its call, one at a time', async () => {
    const trips = controlledTrips();
    const barrier = sharedRoundTrip(trips.roundTrip);
    const done: string[] = [];
    const first = barrier().then(() => done.push('first'));
    trips.tick();
    // Both arrive while the first trip runs: it may have left before their writes committed.
    const second = barrier().then(() => done.push('second'));
    const third = barrier().then(() => done.push('third'));
    await trips.end(0);
    expect(done).toEqual(['first']);
    expect(trips.started).toEqual([0, 1]);
    await trips.end(1);
    await Promise.all([first, second, third]);
    expect(done).toEqual(['first', 'second', 'third']);
    expect(trips.started).toHaveLength(2);
    expect(trips.mostOnTheWire()).toBe(1);
  });

  it('starts a new round trip for a caller that comes once all are done', async () => {
    const trips = controlledTrips();
    const barrier = sharedRoundTrip(trips.roundTrip);
    const first = barrier();
    await trips.end(0);
    await first;
    trips.tick();
    const later = barrier();
    expect(trips.started).toEqual([0, 1]);
    await trips.end(1);
    await later;
  });

  it('goes on after a round trip fails', async () => {
    let calls = 0;
    const barrier = sharedRoundTrip(async () => {
      calls += 1;
      if (calls === 1) throw new Error('connection lost');
    });
    const failed = barrier();
    const waiting = barrier();
    await expect(failed).rejects.toThrow('connection lost');
    await expect(waiting).resolves.toBeUndefined();
    await expect(barrier()).resolves.toBeUndefined();
    expect(calls).toBe(3);
  });
});
