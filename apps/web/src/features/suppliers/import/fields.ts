import {
  CRITICALITIES,
  SHIPMENT_MODES,
  SHIPMENT_STATUSES,
  SITE_KINDS,
} from '@meridian/contracts/constants';

/** What an import writes: suppliers and other sites, or shipments. */
export type ImportKind = 'sites' | 'shipments' | 'products';

/** One column Meridian reads from a file, and the header names that mean it. */
export type ImportField<Key extends string = string> = {
  key: Key;
  label: string;
  /** Header names that match it, besides its key and label (compared without case or spaces). */
  aliases: readonly string[];
  required?: boolean;
  /** The template's example value. */
  example: string;
  hint?: string;
};

/** A list cell (products, sites) separates its values with this. */
export const LIST_SEPARATOR = ';';

export const SITE_FIELDS = [
  {
    key: 'externalRef',
    label: 'External reference',
    aliases: [
      'ref',
      'reference',
      'vendor id',
      'vendor number',
      'supplier id',
      'supplier number',
      'erp id',
      'code',
      'id',
    ],
    example: 'V-10042',
    hint: 'Your own key (ERP vendor number): importing again updates the site instead of adding it twice',
  },
  {
    key: 'name',
    label: 'Name',
    aliases: ['supplier', 'supplier name', 'site', 'site name', 'company', 'vendor', 'vendor name'],
    required: true,
    example: 'Hanseatic Bearings GmbH',
  },
  {
    key: 'kind',
    label: 'Kind',
    aliases: ['type', 'site type', 'site kind'],
    example: 'SUPPLIER',
    hint: SITE_KINDS.join(', '),
  },
  { key: 'tier', label: 'Tier', aliases: ['supplier tier'], example: '1', hint: '1, 2 or 3' },
  {
    key: 'criticality',
    label: 'Criticality',
    aliases: ['priority', 'importance'],
    example: 'HIGH',
    hint: CRITICALITIES.join(', '),
  },
  {
    key: 'address',
    label: 'Address',
    aliases: ['street', 'street address', 'address line 1', 'address1'],
    example: 'Billstraße 80',
  },
  { key: 'city', label: 'City', aliases: ['town', 'locality'], example: 'Hamburg' },
  {
    key: 'country',
    label: 'Country',
    aliases: ['country code', 'countrycode', 'iso country', 'nation'],
    example: 'DE',
    hint: 'A two-letter code (DE) or an English name (Germany)',
  },
  { key: 'lat', label: 'Latitude', aliases: ['latitude', 'lat'], example: '53.5511' },
  {
    key: 'lng',
    label: 'Longitude',
    aliases: ['longitude', 'lon', 'long', 'lng'],
    example: '9.9937',
  },
  {
    key: 'products',
    label: 'Products',
    aliases: ['product', 'parts', 'commodities', 'commodity', 'categories'],
    example: 'bearings; seals',
    hint: `Separated by "${LIST_SEPARATOR}"`,
  },
  {
    key: 'contactName',
    label: 'Contact name',
    aliases: ['contact', 'contact person'],
    example: 'Anke Vogel',
  },
  {
    key: 'contactEmail',
    label: 'Contact e-mail',
    aliases: ['email', 'e-mail', 'contact email', 'contact mail'],
    example: 'anke.vogel@example.com',
  },
  {
    key: 'contactPhone',
    label: 'Contact phone',
    aliases: ['phone', 'telephone', 'contact phone', 'tel'],
    example: '+49 40 1234567',
  },
  {
    key: 'annualSpend',
    label: 'Annual spend',
    aliases: ['spend', 'annual spend', 'yearly spend'],
    example: '250000',
  },
  {
    key: 'revenuePerDay',
    label: 'Revenue per day',
    hint: 'The revenue that stops while the site is down, in its currency',
    aliases: ['revenue per day', 'daily revenue', 'revenue/day', 'revenue at risk per day'],
    example: '40000',
  },
  {
    key: 'recoveryDays',
    label: 'Recovery days',
    hint: 'Days the site needs to recover from a disruption (time to recover)',
    aliases: ['recovery days', 'recovery time', 'time to recover', 'ttr', 'days to recover'],
    example: '21',
  },
  { key: 'currency', label: 'Currency', aliases: ['currency code'], example: 'EUR' },
] as const satisfies readonly ImportField[];

export const SHIPMENT_FIELDS = [
  {
    key: 'reference',
    label: 'Reference',
    aliases: [
      'ref',
      'po',
      'po number',
      'booking',
      'booking number',
      'shipment',
      'shipment id',
      'id',
    ],
    required: true,
    example: 'PO-2026-0001',
    hint: 'Unique: importing again updates the shipment',
  },
  {
    key: 'mode',
    label: 'Mode',
    aliases: ['transport mode', 'transport'],
    required: true,
    example: 'SEA',
    hint: SHIPMENT_MODES.join(', '),
  },
  {
    key: 'carrier',
    label: 'Carrier',
    aliases: ['line', 'shipping line', 'airline'],
    example: 'Maersk',
  },
  {
    key: 'cargoValue',
    label: 'Cargo value',
    aliases: ['value', 'goods value', 'invoice value', 'shipment value', 'declared value'],
    example: '250000',
    hint: 'What the goods on board are worth, in the cargo currency',
  },
  {
    key: 'cargoCurrency',
    label: 'Cargo currency',
    aliases: ['currency', 'currency code', 'value currency'],
    example: 'USD',
    hint: 'ISO 4217, e.g. USD; needed with a cargo value',
  },
  {
    key: 'status',
    label: 'Status',
    aliases: ['state'],
    example: 'IN_TRANSIT',
    hint: SHIPMENT_STATUSES.join(', '),
  },
  {
    key: 'originLocode',
    label: 'Origin UN/LOCODE',
    aliases: ['origin locode', 'pol', 'port of loading', 'from locode'],
    example: 'CNSHA',
  },
  {
    key: 'originName',
    label: 'Origin',
    aliases: ['origin', 'from', 'origin name'],
    example: 'Shanghai',
  },
  { key: 'originLat', label: 'Origin latitude', aliases: ['origin lat'], example: '' },
  {
    key: 'originLng',
    label: 'Origin longitude',
    aliases: ['origin lng', 'origin lon'],
    example: '',
  },
  {
    key: 'destinationLocode',
    label: 'Destination UN/LOCODE',
    aliases: ['destination locode', 'pod', 'port of discharge', 'to locode'],
    example: 'NLRTM',
  },
  {
    key: 'destinationName',
    label: 'Destination',
    aliases: ['destination', 'to', 'destination name'],
    example: 'Rotterdam',
  },
  {
    key: 'destinationLat',
    label: 'Destination latitude',
    aliases: ['destination lat'],
    example: '',
  },
  {
    key: 'destinationLng',
    label: 'Destination longitude',
    aliases: ['destination lng', 'destination lon'],
    example: '',
  },
  {
    key: 'departureAt',
    label: 'Departure',
    aliases: ['departure', 'etd', 'departure date', 'shipped'],
    example: '2026-03-01',
    hint: 'YYYY-MM-DD or ISO 8601 (UTC unless it says)',
  },
  {
    key: 'eta',
    label: 'ETA',
    aliases: ['arrival', 'eta date', 'estimated arrival'],
    example: '2026-04-02T12:00:00Z',
    hint: 'YYYY-MM-DD or ISO 8601 (UTC unless it says)',
  },
  {
    key: 'currentLat',
    label: 'Current latitude',
    aliases: ['current lat', 'position lat', 'lat', 'latitude'],
    example: '',
  },
  {
    key: 'currentLng',
    label: 'Current longitude',
    aliases: ['current lng', 'position lng', 'lng', 'lon', 'longitude'],
    example: '',
  },
  {
    key: 'positionAt',
    label: 'Position time',
    aliases: ['position at', 'position date', 'last seen', 'reported at', 'position timestamp'],
    example: '',
    hint: 'When the position was reported: YYYY-MM-DD or ISO 8601 (now when empty)',
  },
  {
    key: 'siteRefs',
    label: 'Supplier references',
    aliases: ['suppliers', 'supplier refs', 'site refs', 'sites', 'supplier', 'vendor'],
    example: 'V-10042',
    hint: `The sites' external references, separated by "${LIST_SEPARATOR}"`,
  },
] as const satisfies readonly ImportField[];

/** Products: a row per line of the bill of materials; a product's rows share its SKU. */
export const PRODUCT_FIELDS = [
  {
    key: 'sku',
    label: 'SKU',
    aliases: ['product', 'product id', 'product number', 'item', 'item number', 'material'],
    required: true,
    example: 'GB-100',
    hint: 'Rows with the same SKU are one product, a row per part and site; importing again updates it',
  },
  {
    key: 'name',
    label: 'Name',
    aliases: ['product name', 'description', 'item name'],
    required: true,
    example: 'Gearbox',
  },
  {
    key: 'revenuePerDay',
    label: 'Revenue per day',
    aliases: ['daily revenue', 'revenue day'],
    example: '20000',
  },
  {
    key: 'revenuePerYear',
    label: 'Revenue per year',
    aliases: ['annual revenue', 'yearly revenue', 'revenue'],
    example: '',
    hint: 'Instead of the revenue per day',
  },
  { key: 'currency', label: 'Currency', aliases: ['ccy'], example: 'USD' },
  {
    key: 'coverDays',
    label: 'Days of cover',
    aliases: ['cover', 'cover days', 'inventory days', 'days of inventory', 'days on hand'],
    example: '4',
  },
  {
    key: 'part',
    label: 'Part',
    aliases: ['part number', 'component', 'component number', 'part name'],
    example: 'Housing',
  },
  {
    key: 'siteRef',
    label: 'Site reference',
    aliases: [
      'supplier',
      'supplier id',
      'vendor',
      'vendor id',
      'vendor number',
      'site',
      'site ref',
    ],
    example: 'V-10042',
    hint: "The supplying site's external reference",
  },
  {
    key: 'share',
    label: 'Share of supply',
    aliases: ['share', 'split', 'percentage', 'allocation'],
    example: '60%',
    hint: 'A percentage (60%) or a fraction (0.6); 100% when blank',
  },
  {
    key: 'singleSource',
    label: 'Single source',
    aliases: ['sole source', 'single sourced', 'single-source'],
    example: 'no',
    hint: 'yes or no',
  },
] as const satisfies readonly ImportField[];

export type SiteFieldKey = (typeof SITE_FIELDS)[number]['key'];
export type ProductFieldKey = (typeof PRODUCT_FIELDS)[number]['key'];
export type ShipmentFieldKey = (typeof SHIPMENT_FIELDS)[number]['key'];

export const FIELDS_OF: Record<ImportKind, readonly ImportField[]> = {
  sites: SITE_FIELDS,
  shipments: SHIPMENT_FIELDS,
  products: PRODUCT_FIELDS,
};

/** "Contact E-mail" and "contact_email" meet. */
export const normaliseHeader = (header: string) =>
  header
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/**
 * Which file column each field reads, by header name: its key, label or an alias; a header
 * is used once, by the first field that names it. null: the file has no such column.
 */
export function autoMapping(
  fields: readonly ImportField[],
  headers: readonly string[],
): Record<string, number | null> {
  const byName = new Map<string, number>();
  headers.forEach((header, index) => {
    const name = normaliseHeader(header);
    if (name && !byName.has(name)) byName.set(name, index);
  });
  const used = new Set<number>();
  const mapping: Record<string, number | null> = {};
  // Exact keys and labels first, so "lat" goes to a latitude field named so before any alias.
  for (const pass of ['names', 'aliases'] as const) {
    for (const field of fields) {
      if (mapping[field.key] !== undefined && mapping[field.key] !== null) continue;
      const names = pass === 'names' ? [field.key, field.label] : field.aliases;
      const column = names
        .map((name) => byName.get(normaliseHeader(name)))
        .find((index) => index !== undefined && !used.has(index));
      mapping[field.key] = column ?? null;
      if (column !== undefined) used.add(column);
    }
  }
  return mapping;
}
