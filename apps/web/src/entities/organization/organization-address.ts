import type { ReadOrganization } from '@/lib/readers';

/** The organization's address fields joined with commas, blanks left out. */
export const organizationAddress = (organization: ReadOrganization): string =>
  [
    organization.address_line1,
    organization.city,
    organization.state,
    organization.zip_code,
    organization.country,
  ]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(', ');
