import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
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

  it('refuses another shape', async () => {
    expect(await parseListReply(Item, null)).toBeNull();
    expect(await parseListReply(Item, { data: { id: 1 } })).toBeNull();
    expect(await parseListReply(Item, [{ id: 1 }])).toBeNull();
    expect(await parseListReply(Item, { data: [] })).toEqual([]);
  });

  it('skips a malformed item wherever it is, keeps the rest, and says so in the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const data = Array.from({ length: 3_000 }, (_, id) => ({ id }));
    const items = await parseListReply(Item, { data: [{ id: 'first' }, ...data, { id: 'late' }] });
    expect(items).toHaveLength(3_000);
    expect(warn).toHaveBeenCalledWith('Skipped 2 malformed record(s) of 3002');
    warn.mockRestore();
  });
});
