import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { parseListReply } from './parse-list';

const Item = z.object({ id: z.number() });

describe('parseListReply', () => {
  it('returns every item of a long list, in order, across slices', async () => {
    const data = Array.from({ length: 4_500 }, (_, id) => ({ id }));
    const items = await parseListReply(Item, { data });
    expect(items).toHaveLength(4_500);
    expect(items?.[4_499]).toEqual({ id: 4_499 });
  });

  it('lets timers run between slices', async () => {
    let timerRan = false;
    setTimeout(() => {
      timerRan = true;
    }, 0);
    await parseListReply(Item, { data: Array.from({ length: 2_001 }, (_, id) => ({ id })) });
    expect(timerRan).toBe(true);
  });

  it('refuses another shape or a single bad item, wherever it is', async () => {
    expect(await parseListReply(Item, null)).toBeNull();
    expect(await parseListReply(Item, { data: { id: 1 } })).toBeNull();
    expect(await parseListReply(Item, [{ id: 1 }])).toBeNull();
    const data = Array.from({ length: 3_000 }, (_, id) => ({ id }));
    expect(await parseListReply(Item, { data: [...data, { id: 'late' }] })).toBeNull();
    expect(await parseListReply(Item, { data: [] })).toEqual([]);
  });
});
