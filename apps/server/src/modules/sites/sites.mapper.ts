import type { Site } from '@meridian/contracts';
import type { sites } from '../../db/schema.js';

export type SiteRow = typeof sites.$inferSelect;

export const toSiteDto = (row: SiteRow): Site => ({
  id: row.id,
  externalRef: row.externalRef,
  name: row.name,
  kind: row.kind,
  tier: row.tier,
  criticality: row.criticality,
  address: row.address,
  city: row.city,
  countryCode: row.countryCode,
  location: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
  products: row.products,
  contact:
    row.contactName || row.contactEmail || row.contactPhone
      ? { name: row.contactName, email: row.contactEmail, phone: row.contactPhone }
      : null,
  annualSpend: row.annualSpend,
  revenuePerDay: row.revenuePerDay,
  recoveryDays: row.recoveryDays,
  currency: row.currency,
  archivedAt: row.archivedAt?.toISOString() ?? null,
  updatedAt: row.updatedAt.toISOString(),
});
