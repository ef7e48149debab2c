import { restoreCell } from '@/lib/csv';
import { ShipmentInput, SiteInput } from '@meridian/contracts';
import { COUNTRY_CODES } from '@meridian/contracts/constants';
import type { z } from 'zod';
import {
  LIST_SEPARATOR,
  type ImportKind,
  type ShipmentFieldKey,
  type SiteFieldKey,
} from './fields';

/** A problem of one row, on the field (import column) it comes from. */
export type FieldProblem = { field: string; message: string };
/** A row as the contract reads it, or what is wrong with it. */
export type Converted<T> = { value: T; problems: [] } | { value: null; problems: FieldProblem[] };

/** A row's cells by field: undefined when the file has no such column, '' when blank. */
export type CellRecord<Key extends string> = Partial<Record<Key, string>>;

type SiteValue = z.output<typeof SiteInput>;
type ShipmentValue = z.output<typeof ShipmentInput>;

/** undefined: the column is not imported; null: it is, and this cell is blank. */
const text = (cell: string | undefined): string | null | undefined => {
  if (cell === undefined) return undefined;
  const value = restoreCell(cell.trim());
  return value === '' ? null : value;
};

/** "own facility" → OWN_FACILITY, as the enumerations are written. */
const enumText = (cell: string | undefined) =>
  text(cell)
    ?.toUpperCase()
    .replace(/[\s-]+/g, '_');

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const numberOf = (cell: string | null | undefined, field: string, problems: FieldProblem[]) => {
  if (cell === null || cell === undefined) return cell;
  const compact = cell.replace(/[\s_]/g, '');
  if (!NUMBER.test(compact)) {
    problems.push({ field, message: `"${cell}" is not a number` });
    return undefined;
  }
  return Number(compact);
};

const listOf = (cell: string | undefined) => {
  const value = text(cell);
  if (value === undefined) return undefined;
  return (value ?? '')
    .split(LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter((part) => part !== '');
};

const foldName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();

/** Names people write for countries whose English name is another. */
const COUNTRY_ALIASES: Record<string, string> = {
  usa: 'US',
  'united states of america': 'US',
  america: 'US',
  uk: 'GB',
  'great britain': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'south korea': 'KR',
  korea: 'KR',
  'north korea': 'KP',
  russia: 'RU',
  vietnam: 'VN',
  'czech republic': 'CZ',
  holland: 'NL',
  'the netherlands': 'NL',
  turkey: 'TR',
  'ivory coast': 'CI',
  taiwan: 'TW',
  uae: 'AE',
};

let countryByName: Map<string, string> | undefined;
/** ISO codes by English name (from the browser's own region names), built on first use. */
const countryNames = () => {
  if (!countryByName) {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    countryByName = new Map(Object.entries(COUNTRY_ALIASES));
    for (const code of COUNTRY_CODES) {
      const name = names.of(code);
      if (name && name !== code) countryByName.set(foldName(name), code);
    }
  }
  return countryByName;
};

/** "DE", "de" or "Germany" → DE; unknown → a problem on the country column. */
export function countryCodeOf(
  cell: string | undefined,
  problems: FieldProblem[],
  field = 'country',
): string | null | undefined {
  const value = text(cell);
  if (value === null || value === undefined) return value;
  if (/^[a-z]{2}$/i.test(value) && COUNTRY_CODES.includes(value.toUpperCase())) {
    return value.toUpperCase();
  }
  const code = countryNames().get(foldName(value));
  if (!code) {
    problems.push({
      field,
      message: `"${value}" is not a country Meridian knows: use a two-letter code such as DE, or its English name`,
    });
    return undefined;
  }
  return code;
}

const DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A date cell as an ISO instant: YYYY-MM-DD (midnight UTC) or ISO 8601 with an optional time
 * and zone (UTC without one). Day-first and month-first forms are refused: 03/04 is ambiguous.
 */
export function isoDateOf(value: string): string | null {
  const match = DATE.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hour = '00', minute = '00', second = '00', fraction = '', zone] =
    match;
  const [y, mo, d, h, mi, s] = [year, month, day, hour, minute, second].map((part) => Number(part));
  const calendar = new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1));
  if (
    calendar.getUTCMonth() !== (mo ?? 1) - 1 ||
    calendar.getUTCDate() !== d ||
    (h ?? 0) > 23 ||
    (mi ?? 0) > 59 ||
    (s ?? 0) > 59
  ) {
    return null;
  }
  const offset =
    !zone || zone.toUpperCase() === 'Z' ? 'Z' : zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  const time = Date.parse(
    `${year}-${month}-${day}T${hour}:${minute}:${second}${fraction}${offset}`,
  );
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

const dateOf = (cell: string | undefined, field: string, problems: FieldProblem[]) => {
  const value = text(cell);
  if (value === null || value === undefined) return value;
  const iso = isoDateOf(value);
  if (!iso) {
    problems.push({
      field,
      message: `"${value}" is not a date: write YYYY-MM-DD or ISO 8601 (2026-04-02T12:00:00Z)`,
    });
    return undefined;
  }
  return iso;
};

/** Two cells that make a point: both or neither. */
function pointOf(
  latCell: string | undefined,
  lngCell: string | undefined,
  fields: [string, string],
  problems: FieldProblem[],
): { lat: number; lng: number } | undefined {
  const before = problems.length;
  const lat = numberOf(text(latCell), fields[0], problems);
  const lng = numberOf(text(lngCell), fields[1], problems);
  if (problems.length > before) return undefined;
  const given = [lat, lng].filter((value) => value !== undefined && value !== null).length;
  if (given === 1) {
    problems.push({
      field: lat == null ? fields[0] : fields[1],
      message: 'latitude and longitude go together',
    });
    return undefined;
  }
  return given === 2 ? { lat: lat as number, lng: lng as number } : undefined;
}

const drop = <T extends Record<string, unknown>>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;

/** Where a contract's issue path points, as an import column. */
export function fieldOfPath(kind: ImportKind, path: readonly PropertyKey[]): string {
  const [first, second] = path.map(String);
  if (kind === 'products') return first ?? 'sku';
  if (kind === 'sites') {
    if (first === 'location') return second === 'lng' ? 'lng' : 'lat';
    if (first === 'contact')
      return second === 'email'
        ? 'contactEmail'
        : second === 'phone'
          ? 'contactPhone'
          : 'contactName';
    if (first === 'countryCode') return 'country';
    return first ?? 'name';
  }
  if (first === 'origin' || first === 'destination') {
    const part =
      second === 'name' ? 'Name' : second === 'lat' ? 'Lat' : second === 'lng' ? 'Lng' : 'Locode';
    return `${first}${part}`;
  }
  if (first === 'currentPosition') return second === 'lng' ? 'currentLng' : 'currentLat';
  return first ?? 'reference';
}

function checked<T>(
  kind: ImportKind,
  schema: z.ZodType<T>,
  input: unknown,
  problems: FieldProblem[],
): Converted<T> {
  const parsed = schema.safeParse(input);
  const all = [
    ...problems,
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => ({
          field: fieldOfPath(kind, issue.path),
          message: issue.message,
        }))),
  ];
  if (parsed.success && all.length === 0) return { value: parsed.data, problems: [] };
  return { value: null, problems: all };
}

/** A file row (or the site form) as a SiteInput, checked by the contract. */
export function toSiteInput(cells: CellRecord<SiteFieldKey>): Converted<SiteValue> {
  const problems: FieldProblem[] = [];
  const contactGiven = ['contactName', 'contactEmail', 'contactPhone'].some(
    (key) => cells[key as SiteFieldKey] !== undefined,
  );
  const contact = drop({
    name: text(cells.contactName),
    email: text(cells.contactEmail),
    phone: text(cells.contactPhone),
  });
  const input = drop({
    externalRef: text(cells.externalRef),
    name: text(cells.name) ?? '',
    kind: enumText(cells.kind) ?? undefined,
    tier: numberOf(text(cells.tier), 'tier', problems),
    criticality: enumText(cells.criticality) ?? undefined,
    address: text(cells.address),
    city: text(cells.city),
    countryCode: countryCodeOf(cells.country, problems),
    location: pointOf(cells.lat, cells.lng, ['lat', 'lng'], problems),
    products: listOf(cells.products),
    contact: contactGiven
      ? Object.values(contact).some((value) => value !== null)
        ? contact
        : null
      : undefined,
    annualSpend: numberOf(text(cells.annualSpend), 'annualSpend', problems),
    revenuePerDay: numberOf(text(cells.revenuePerDay), 'revenuePerDay', problems),
    recoveryDays: numberOf(text(cells.recoveryDays), 'recoveryDays', problems),
    currency: text(cells.currency)?.toUpperCase(),
  });
  return checked('sites', SiteInput, input, problems);
}

const placeOf = (
  cells: CellRecord<ShipmentFieldKey>,
  end: 'origin' | 'destination',
  problems: FieldProblem[],
) =>
  drop({
    name: text(cells[`${end}Name`]) ?? undefined,
    locode: text(cells[`${end}Locode`]) ?? undefined,
    ...pointOf(cells[`${end}Lat`], cells[`${end}Lng`], [`${end}Lat`, `${end}Lng`], problems),
  });

/** A file row as a ShipmentInput, checked by the contract. */
export function toShipmentInput(cells: CellRecord<ShipmentFieldKey>): Converted<ShipmentValue> {
  const problems: FieldProblem[] = [];
  const input = drop({
    reference: text(cells.reference) ?? '',
    mode: enumText(cells.mode) ?? '',
    carrier: text(cells.carrier),
    cargoValue: numberOf(text(cells.cargoValue), 'cargoValue', problems),
    cargoCurrency: text(cells.cargoCurrency)?.toUpperCase(),
    status: enumText(cells.status) ?? undefined,
    origin: placeOf(cells, 'origin', problems),
    destination: placeOf(cells, 'destination', problems),
    departureAt: dateOf(cells.departureAt, 'departureAt', problems),
    eta: dateOf(cells.eta, 'eta', problems),
    currentPosition: pointOf(
      cells.currentLat,
      cells.currentLng,
      ['currentLat', 'currentLng'],
      problems,
    ),
    positionAt: dateOf(cells.positionAt, 'positionAt', problems),
    siteRefs: listOf(cells.siteRefs),
  });
  return checked('shipments', ShipmentInput, input, problems);
}
