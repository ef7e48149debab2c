import { normalise } from './gazetteer.js';

/** A canal or strait that shipping passes through, where news places a closure or blockage. */
export type Waterway = {
  name: string;
  aliases: readonly string[];
  /** The country it is mostly in or beside (ISO 3166 alpha-2), for the pick list. */
  countryCode: string;
  lat: number;
  lng: number;
};

/**
 * The world's shipping chokepoints (the US EIA's list of oil transit chokepoints, with the
 * Panama and Kiel canals and the English Channel), each at its narrowest or middle point.
 */
export const WATERWAYS: readonly Waterway[] = [
  { name: 'Suez Canal', aliases: ['Suez'], countryCode: 'EG', lat: 30.5852, lng: 32.2654 },
  { name: 'Panama Canal', aliases: [], countryCode: 'PA', lat: 9.08, lng: -79.68 },
  { name: 'Strait of Hormuz', aliases: ['Hormuz'], countryCode: 'OM', lat: 26.5667, lng: 56.25 },
  {
    name: 'Bab-el-Mandeb',
    aliases: ['Bab el-Mandeb', 'Bab al-Mandab', 'Bab el Mandeb'],
    countryCode: 'YE',
    lat: 12.5833,
    lng: 43.3333,
  },
  {
    name: 'Strait of Malacca',
    aliases: ['Malacca Strait'],
    countryCode: 'MY',
    lat: 2.5,
    lng: 101.2,
  },
  { name: 'Singapore Strait', aliases: [], countryCode: 'SG', lat: 1.2, lng: 103.85 },
  {
    name: 'Bosphorus',
    aliases: ['Bosporus', 'Turkish Straits'],
    countryCode: 'TR',
    lat: 41.119,
    lng: 29.075,
  },
  { name: 'Dardanelles', aliases: [], countryCode: 'TR', lat: 40.2, lng: 26.4 },
  { name: 'Strait of Gibraltar', aliases: [], countryCode: 'ES', lat: 35.9667, lng: -5.5 },
  {
    name: 'English Channel',
    aliases: ['Strait of Dover', 'Dover Strait'],
    countryCode: 'GB',
    lat: 51.0,
    lng: 1.45,
  },
  { name: 'Kiel Canal', aliases: [], countryCode: 'DE', lat: 54.2, lng: 9.6 },
  { name: 'Taiwan Strait', aliases: [], countryCode: 'TW', lat: 24.4, lng: 119.5 },
  {
    name: 'Danish Straits',
    aliases: ['Great Belt', 'Oresund'],
    countryCode: 'DK',
    lat: 55.5,
    lng: 11.0,
  },
  { name: 'Cape of Good Hope', aliases: [], countryCode: 'ZA', lat: -34.357, lng: 18.474 },
];

const BY_NAME = new Map<string, Waterway>(
  WATERWAYS.flatMap((waterway) =>
    [waterway.name, ...waterway.aliases].map((name) => [normalise(name), waterway] as const),
  ),
);

/** The waterway of this name or alias, in any case and with or without accents. */
export const findWaterway = (name: string): Waterway | undefined => BY_NAME.get(normalise(name));
