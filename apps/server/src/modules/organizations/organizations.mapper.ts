import type { Organization } from '@meridian/contracts';
import type { OrganizationRow } from './organizations.repository.js';

export const toOrganizationDto = (row: OrganizationRow): Organization => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  domain: row.domain,
  status: row.status,
  address_line1: row.addressLine1,
  city: row.city,
  state: row.state,
  zip_code: row.zipCode,
  country: row.country,
  phone_number: row.phoneNumber,
  website: row.website,
  isInternal: row.isInternal,
});
