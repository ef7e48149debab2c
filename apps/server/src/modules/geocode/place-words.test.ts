import { beforeAll, describe, expect, it } from 'vitest';
import { Gazetteer } from './gazetteer.js';
import { PlaceWords } from './place-words.js';

let words: PlaceWords;
beforeAll(async () => {
  words = new PlaceWords(await Gazetteer.build());
}, 30_000);

describe('places in words', () => {
  it('names the town a point is in', () => {
    expect(words.describe({ lat: 3.0449, lng: 101.4456 })).toBe('Klang, Malaysia');
    expect(words.describe({ lat: 51.95, lng: 1.35 })).toBe('Felixstowe, United Kingdom');
    expect(words.describe({ lat: -33.9, lng: 18.4 })).toBe('Cape Town, South Africa');
  });

  it('says how far and which way from a town nearby', () => {
    expect(words.describe({ lat: 2.99, lng: 101.31 })).toBe('9 km W of Pelabuhan Klang, Malaysia');
    expect(words.describe({ lat: 51.95, lng: 4.05 })).toMatch(
      /^\d+ km [NESW]{1,3} of .+, Netherlands$/,
    );
  });

  it('names nothing far from every town (at sea)', () => {
    expect(words.describe({ lat: 0, lng: -140 })).toBeNull();
    expect(words.describe({ lat: -40.5, lng: -30.25 })).toBeNull();
  });
});
