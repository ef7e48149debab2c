import type { Organization } from '@meridian/contracts';

/** The organization's address fields joined with commas, blanks left out. */
export const organizationAddress = (organization: Organization): string =>
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
