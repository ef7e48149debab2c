import countries from 'i18n-iso-countries';
import { describe, expect, it } from 'vitest';
import { findLocode, locodeCount } from './locodes.js';
import { loadGazetteer } from './gazetteer.js';
import { haversineKm } from '../../lib/geo/sphere.js';

const silent = { info: () => undefined } as unknown as Parameters<typeof loadGazetteer>[0];

describe('the UN/LOCODE table', () => {
  it('holds the main ports and airports, each code well formed in a real country', () => {
    expect(locodeCount).toBeGreaterThanOrEqual(250);
    for (const code of ['CNSHA', 'SGSIN', 'NLRTM', 'USLAX', 'DEHAM', 'USMEM', 'HKHKG']) {
      expect(findLocode(code)?.code).toBe(code);
    }
    expect(findLocode(' nlrtm ')?.name).toBe('Rotterdam');
    expect(findLocode('ZZQQQ')).toBeUndefined();
  });

  it('places each port or airport in the country its code names', async () => {
    const gazetteer = await loadGazetteer(silent);
    const far: string[] = [];
    for (const code of ['CNSHA', 'NLRTM', 'BEANR', 'USSAV', 'BRSSZ', 'ZADUR', 'AUMEL', 'AEJEA']) {
      const port = findLocode(code);
      const country = countries.getName(code.slice(0, 2), 'en');
      expect(port, code).toBeDefined();
      expect(country, code).toBeDefined();
      const city = gazetteer.lookup(`${port?.name ?? ''}, ${country ?? ''}`);
      if (!port || !city) continue;
      // A port lies within a city's reach of the city that names it.
      if (haversineKm([port.lng, port.lat], [city.lng, city.lat]) > 120) far.push(code);
    }
    expect(far).toEqual([]);
  });
});
