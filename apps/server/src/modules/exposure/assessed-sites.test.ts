import { describe, expect, it } from 'vitest';
import { siteAttention } from './assessed-sites.js';

describe('siteAttention', () => {
  it('gives each reached site the state needing most attention, Potential where unassessed', () => {
    const reached = [
      { incidentId: 'flood', siteId: 'plant' },
      { incidentId: 'strike', siteId: 'plant' },
      { incidentId: 'strike', siteId: 'depot' },
      { incidentId: 'flood', siteId: 'mill' },
      { incidentId: 'strike', siteId: 'mill' },
    ];
    const assessed = [
      { incidentId: 'flood', siteId: 'plant', state: 'RECOVERED' as const },
      { incidentId: 'strike', siteId: 'plant', state: 'RECOVERING' as const },
      { incidentId: 'flood', siteId: 'mill', state: 'NO_IMPACT' as const },
      // Not reached now: it does not count.
      { incidentId: 'storm', siteId: 'depot', state: 'CONFIRMED' as const },
    ];
    expect(siteAttention(reached, assessed)).toEqual({
      plant: 'RECOVERING',
      depot: 'POTENTIAL',
      // No impact in the flood, unknown in the strike: unknown needs more attention.
      mill: 'POTENTIAL',
    });
  });
});
