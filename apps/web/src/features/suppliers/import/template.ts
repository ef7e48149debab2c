import { toCsv } from '@/lib/csv';
import type { Site } from '@meridian/contracts';
import {
  FIELDS_OF,
  type ImportKind,
  LIST_SEPARATOR,
  SITE_FIELDS,
  type SiteFieldKey,
} from './fields';

/** The CSV template of an import: every column it reads, and one example row. */
export const templateCsv = (kind: ImportKind): string =>
  toCsv([FIELDS_OF[kind].map((field) => field.key), FIELDS_OF[kind].map((field) => field.example)]);

export const templateFileName = (kind: ImportKind) => `meridian-${kind}-template.csv`;

const cell = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** A site as a row of the sites template: an export imports back unchanged. */
export const siteCells = (site: Site): Record<SiteFieldKey, string> => ({
  externalRef: cell(site.externalRef),
  name: site.name,
  kind: site.kind,
  tier: cell(site.tier),
  criticality: site.criticality,
  address: cell(site.address),
  city: cell(site.city),
  country: cell(site.countryCode),
  lat: cell(site.location?.lat),
  lng: cell(site.location?.lng),
  products: site.products.join(`${LIST_SEPARATOR} `),
  contactName: cell(site.contact?.name),
  contactEmail: cell(site.contact?.email),
  contactPhone: cell(site.contact?.phone),
  annualSpend: cell(site.annualSpend),
  revenuePerDay: cell(site.revenuePerDay),
  recoveryDays: cell(site.recoveryDays),
  currency: cell(site.currency),
});

/** Sites as CSV in the template's columns, every cell neutralised against formulas. */
export const sitesCsv = (sites: readonly Site[]): string =>
  toCsv([
    SITE_FIELDS.map((field) => field.key),
    ...sites.map((site) => {
      const cells = siteCells(site);
      return SITE_FIELDS.map((field) => cells[field.key]);
    }),
  ]);
