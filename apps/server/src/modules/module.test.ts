import { describe, expect, it } from 'vitest';
import type { AppCore } from './module.js';
import { defineModule, setUpModules } from './module.js';

// The setup under test reads nothing of the core: each module below ignores it.
const core = {} as AppCore;

describe('setUpModules', () => {
  it('sets modules up in order, each using what an earlier one exports', async () => {
    const order: string[] = [];
    const first = defineModule({
      name: 'first',
      setup: () => {
        order.push('first');
        return { exports: { throttle: 'the throttle' as never } };
      },
    });
    const second = defineModule({
      name: 'second',
      setup: (_core, use) => {
        order.push(`second uses ${use('throttle') as unknown as string}`);
        return { jobs: {} };
      },
    });
    const { parts, exports } = await setUpModules(core, [first, second]);
    expect(order).toEqual(['first', 'second uses the throttle']);
    expect(parts).toHaveLength(2);
    expect(exports.throttle).toBe('the throttle');
  });

  it('refuses a module that uses an export no earlier module offers', async () => {
    const early = defineModule({
      name: 'early',
      setup: (_core, use) => ({ exports: { geocode: use('geocode') } }),
    });
    await expect(setUpModules(core, [early])).rejects.toThrow(
      'no module exports geocode: list the module that does before its users',
    );
  });

  it('refuses two modules that export the same name', async () => {
    const one = defineModule({ name: 'one', setup: () => ({ exports: { geocode: 1 as never } }) });
    const two = defineModule({ name: 'two', setup: () => ({ exports: { geocode: 2 as never } }) });
    await expect(setUpModules(core, [one, two])).rejects.toThrow(
      'geocode is exported twice (again by two)',
    );
  });
});
