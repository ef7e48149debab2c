import type { GeoPoint } from '@meridian/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { Gazetteer, normalise } from './gazetteer.js';

const ROTTERDAM = { lat: 51.92, lng: 4.48 };
const SINGAPORE = { lat: 1.29, lng: 103.85 };
const CHICAGO = { lat: 41.85, lng: -87.65 };
const BERLIN = { lat: 52.52, lng: 13.41 };
const WASHINGTON = { lat: 38.9, lng: -77.04 };
const PARIS_FRANCE = { lat: 48.85, lng: 2.35 };
const PARIS_TEXAS = { lat: 33.66, lng: -95.56 };
const PORTLAND_OREGON = { lat: 45.52, lng: -122.68 };
const PORTLAND_MAINE = { lat: 43.66, lng: -70.26 };
const ZURICH = { lat: 47.37, lng: 8.55 };
const SAO_PAULO = { lat: -23.55, lng: -46.64 };
const NEW_YORK = { lat: 40.71, lng: -74.01 };
const SAINT_PETERSBURG_FLORIDA = { lat: 27.77, lng: -82.68 };

/** Within about 10 km: the gazetteer answers a city's centre, not a street. */
function expectNear(point: GeoPoint | null, expected: GeoPoint): void {
  expect(point).not.toBeNull();
  expect(Math.abs((point?.lat ?? NaN) - expected.lat)).toBeLessThan(0.1);
  expect(Math.abs((point?.lng ?? NaN) - expected.lng)).toBeLessThan(0.1);
}

let gazetteer: Gazetteer;
beforeAll(async () => {
  gazetteer = await Gazetteer.build();
});

describe('normalise', () => {
  it('folds case, accents, punctuation and abbreviations', () => {
    expect(normalise('  SÃO-Paulo ')).toBe('sao paulo');
    expect(normalise("Côte d'Ivoire")).toBe('cote d ivoire');
    expect(normalise('St. Étienne')).toBe('saint etienne');
    expect(normalise('Straße, Łódź')).toBe('strasse lodz');
  });

  it('keeps the vowel signs of scripts where marks are letters', () => {
    expect(normalise('मालदीव')).not.toBe(normalise('मोल्दोवा'));
  });
});

describe('Gazetteer.lookup', () => {
  it('loads every GeoNames city of 1,000 people or more', () => {
    expect(gazetteer.cityCount).toBeGreaterThan(100_000);
  });

  it('finds the city of a full street address in the named country', () => {
    expectNear(gazetteer.lookup('Wilhelminakade 909, Rotterdam, 3072 AP, Netherlands'), ROTTERDAM);
    expectNear(gazetteer.lookup('1 Harbor Way, Chicago, IL, United States'), CHICAGO);
  });

  it('answers a country alone with its capital', () => {
    expectNear(gazetteer.lookup('Germany'), BERLIN);
    expectNear(gazetteer.lookup('Singapore'), SINGAPORE);
    expectNear(gazetteer.lookup('  united states of america '), WASHINGTON);
  });

  it('falls back to the country when its city is unknown', () => {
    expectNear(gazetteer.lookup('12 Nowhere Lane, Qwxzzyville, United States'), WASHINGTON);
  });

  it('ignores case, accents and punctuation on either side', () => {
    expectNear(gazetteer.lookup('Zurich, Switzerland'), ZURICH);
    expectNear(gazetteer.lookup('ZÜRICH, SWITZERLAND'), ZURICH);
    expectNear(gazetteer.lookup('Sao Paulo, Brazil'), SAO_PAULO);
    expectNear(gazetteer.lookup('São Paulo, Brasil'), SAO_PAULO);
    expectNear(gazetteer.lookup('Saint Petersburg, FL, USA'), SAINT_PETERSBURG_FLORIDA);
  });

  it('knows countries by their names in other languages and their aliases', () => {
    expectNear(gazetteer.lookup('Deutschland'), BERLIN);
    expectNear(gazetteer.lookup('Rotterdam, Nederland'), ROTTERDAM);
    expectNear(gazetteer.lookup('Rotterdam, The Netherlands'), ROTTERDAM);
  });

  it('resolves a name that many places share by the country named', () => {
    expectNear(gazetteer.lookup('Paris, France'), PARIS_FRANCE);
    expectNear(gazetteer.lookup('Paris, United States'), PARIS_TEXAS);
    expectNear(gazetteer.lookup('Paris'), PARIS_FRANCE);
  });

  it('prefers the city in the state the address names', () => {
    expectNear(gazetteer.lookup('Portland, OR, United States'), PORTLAND_OREGON);
    expectNear(gazetteer.lookup('Portland, ME, United States'), PORTLAND_MAINE);
  });

  it('reads a trailing two-letter code as a state when the city is not in that country', () => {
    // IL is also Israel's code.
    expectNear(gazetteer.lookup('Chicago, IL'), CHICAGO);
  });

  it('finds "New York City" from "New York"', () => {
    expectNear(gazetteer.lookup('350 Fifth Avenue, New York, NY 10118, United States'), NEW_YORK);
  });

  it('answers null for a place it does not know, and for blank input', () => {
    expect(gazetteer.lookup('Qwxzzyville, Nowhereland')).toBeNull();
    expect(gazetteer.lookup(' , ,')).toBeNull();
    expect(gazetteer.lookup('')).toBeNull();
  });

  it('looks up in well under a millisecond', () => {
    const address = 'Wilhelminakade 909, Rotterdam, 3072 AP, Netherlands';
    const runs = 1000;
    const started = performance.now();
    for (let i = 0; i < runs; i++) gazetteer.lookup(address);
    expect((performance.now() - started) / runs).toBeLessThan(1);
  });
});
