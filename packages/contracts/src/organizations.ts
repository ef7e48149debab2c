import { z } from 'zod';
import { Cursor, SearchText, pageLimit } from './common.js';
import { LIMITS } from './constants.js';
import { OrganizationStatus } from './enums.js';
import * as API_MESSAGES from './messages/index.js';

export const SLUG_PATTERN = /^[a-z0-9-]+$/;
export const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/i;
export const WEBSITE_PATTERN = /^https?:\/\//i;
export const PHONE_MIN_LENGTH = 7;

export const Organization = z
  .object({
    id: z.uuid(),
    name: z.string(),
    slug: z.string(),
    domain: z.string().nullable(),
    status: OrganizationStatus,
    address_line1: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip_code: z.string().nullable(),
    country: z.string().nullable(),
    phone_number: z.string().nullable(),
    website: z.string().nullable(),
    /** The platform's own organization: it cannot be deleted. */
    isInternal: z.boolean(),
  })
  .meta({ id: 'Organization' });
export type Organization = z.infer<typeof Organization>;

/** An optional text field: a form sends "" for a blank field, which means absent. */
const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * The organization form, validated the same way in the browser and on the server,
 * with the messages of the specification.
 */
export const OrganizationInput = z.strictObject({
  id: z.uuid().optional(),
  name: z
    .string({ message: API_MESSAGES.organization.nameRequired })
    .trim()
    .min(1, API_MESSAGES.organization.nameRequired)
    .max(200),
  slug: z
    .string({ message: API_MESSAGES.organization.slugRequired })
    .trim()
    .min(1, API_MESSAGES.organization.slugRequired)
    .max(100)
    .regex(SLUG_PATTERN, API_MESSAGES.organization.slugPattern),
  status: OrganizationStatus.default('ACTIVE'),
  domain: optionalText(253).refine((value) => value === null || DOMAIN_PATTERN.test(value), {
    message: API_MESSAGES.organization.invalidDomain,
  }),
  address_line1: optionalText(),
  city: optionalText(),
  state: optionalText(),
  zip_code: optionalText(20),
  country: optionalText(),
  phone_number: optionalText(40).refine(
    (value) => value === null || value.length >= PHONE_MIN_LENGTH,
    { message: API_MESSAGES.organization.phoneTooShort },
  ),
  website: optionalText(500).refine((value) => value === null || WEBSITE_PATTERN.test(value), {
    message: API_MESSAGES.organization.websiteScheme,
  }),
});
export type OrganizationInput = z.input<typeof OrganizationInput>;
export type OrganizationValues = z.output<typeof OrganizationInput>;

export const OrganizationResponse = z.object({
  message: z.string(),
  data: z.object({ organization: Organization }),
});
export type OrganizationResponse = z.infer<typeof OrganizationResponse>;

/**
 * GET /admin/organizations: without `limit` or `cursor`, the whole list as the spec reads it
 * (its picker); with either, one page of `limit` (default 50). `q` searches names and slugs.
 */
export const OrganizationListQuery = z.strictObject({
  q: SearchText.optional(),
  limit: pageLimit(LIMITS.organizationListMax).optional(),
  cursor: Cursor.optional(),
});
export type OrganizationListQuery = z.output<typeof OrganizationListQuery>;

const organizationPage = {
  /** Where the next page starts; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Organizations matching the query. */
  total: z.number().int(),
};

/** The whole list has only `organizations`; a page also says where the next one starts. */
export const OrganizationListResponse = z.object({
  message: z.string(),
  data: z.object({
    organizations: z.array(Organization),
    nextCursor: organizationPage.nextCursor.optional(),
    total: organizationPage.total.optional(),
  }),
});
export type OrganizationListResponse = z.infer<typeof OrganizationListResponse>;

/** The reply to a paged request (`limit` or `cursor`). */
export const OrganizationPageResponse = z.object({
  message: z.string(),
  data: z.object({ organizations: z.array(Organization), ...organizationPage }),
});
export type OrganizationPageResponse = z.infer<typeof OrganizationPageResponse>;
