import {
  Incident,
  Organization,
  OrganizationPageResponse,
  OrganizationResponse,
  Shipment,
  ShipmentMapDetailsResponse,
  User,
  UserListResponse,
  UserResponse,
} from '@meridian/contracts';
import { z } from 'zod';

/*
 * The replies as the web reads them. The spec's shapes (SPEC.md parts 3 and 7) are the contract:
 * each reader starts from the contracts' schema, keeps the fields of the spec's shape as they are
 * declared there and makes every field Meridian added optional, so that a spec-shaped reply
 * without them is shown rather than refused. A spec field whose absence the screens show with
 * the spec's fallback ("Approximate or unavailable", "Unknown") may be missing or null. The
 * server's contracts stay strict: only the reading is lenient.
 */

/** A field the screens show with a fallback when it has no value: missing reads as null. */
const orNull = <Field extends z.ZodType>(field: Field) => field.nullable().default(null);

/** A page's total when the reply has none: what it holds on the last page, else unknown. */
const pageTotal = (total: number | undefined, shown: number, nextCursor: string | null) =>
  total ?? (nextCursor === null ? shown : null);

// Incidents: GET /atlas/events (the Events list, Atlas's feed and map, Plans and Insights).

const IncidentLocation = Incident.shape.location.unwrap();

/**
 * An incident of a list: id, title, severity and status as the contracts say; organizationId,
 * description, location (and its countryCode) and updatedAt null when missing.
 */
export const IncidentReader = Incident.partial()
  .required({ id: true, title: true, severity: true, status: true })
  .extend({
    organizationId: orNull(Incident.shape.organizationId),
    description: orNull(Incident.shape.description),
    location: orNull(
      IncidentLocation.extend({ countryCode: orNull(IncidentLocation.shape.countryCode) }),
    ),
    updatedAt: orNull(Incident.shape.updatedAt),
  });
export type ReadIncident = z.output<typeof IncidentReader>;

// Users: GET /admin/users (message and data.users) and GET or PUT /admin/users/{id}.

/** The fields the spec's list gives each user. */
const LISTED_USER_FIELDS = {
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  adminRole: true,
  role: true,
  lastLoginAt: true,
} as const;

/** A user of the list: the spec's seven fields; account status and organization optional. */
export const ListedUserReader = User.partial().required(LISTED_USER_FIELDS);
export type ListedUser = z.output<typeof ListedUserReader>;

/** One user (data of GET and PUT /admin/users/{id}): the spec's User, additions optional. */
export const UserReader = User.partial().required({
  ...LISTED_USER_FIELDS,
  accountStatus: true,
  organizationId: true,
});
export type ReadUser = z.output<typeof UserReader>;

export const UserResponseReader = UserResponse.extend({ data: UserReader });

const UserPage = UserListResponse.shape.data;

/** `nextCursor` null and `total` counted (or unknown: null) when the reply has neither. */
export const UserListReader = UserListResponse.extend({
  data: UserPage.extend({
    users: z.array(ListedUserReader),
    nextCursor: UserPage.shape.nextCursor.default(null),
    total: UserPage.shape.total.optional(),
  }).transform(({ total, ...page }) => ({
    ...page,
    total: pageTotal(total, page.users.length, page.nextCursor),
  })),
});
export type ReadUserList = z.output<typeof UserListReader>;

// Organizations: GET /admin/organizations (data.organizations) and /admin/organizations/{id}.

/** An organization of the list: the spec reads its id and name; the rest is optional. */
export const ListedOrganizationReader = Organization.partial().required({ id: true, name: true });
export type ListedOrganization = z.output<typeof ListedOrganizationReader>;

/** One organization: the spec's fields; isInternal (Meridian's) optional. */
export const OrganizationReader = Organization.partial().required({
  id: true,
  name: true,
  slug: true,
  domain: true,
  status: true,
  address_line1: true,
  city: true,
  state: true,
  zip_code: true,
  country: true,
  phone_number: true,
  website: true,
});
export type ReadOrganization = z.output<typeof OrganizationReader>;

export const OrganizationResponseReader = OrganizationResponse.extend({
  data: OrganizationResponse.shape.data.extend({ organization: OrganizationReader }),
});

const OrganizationPage = OrganizationPageResponse.shape.data;

/** A page of organizations; `nextCursor` and `total` as for users. */
export const OrganizationListReader = OrganizationPageResponse.extend({
  data: OrganizationPage.extend({
    organizations: z.array(ListedOrganizationReader),
    nextCursor: OrganizationPage.shape.nextCursor.default(null),
    total: OrganizationPage.shape.total.optional(),
  }).transform(({ total, ...page }) => ({
    ...page,
    total: pageTotal(total, page.organizations.length, page.nextCursor),
  })),
});
export type ReadOrganizationList = z.output<typeof OrganizationListReader>;

// Shipments: the spec's shipment is its id and currentPosition.

export const ShipmentReader = Shipment.partial().required({ id: true, currentPosition: true });
export type ReadShipment = z.output<typeof ShipmentReader>;

/** GET /atlas/shipments/map/details: one shipment of the map, read as above. */
export const ShipmentDetailsReader = ShipmentMapDetailsResponse.extend({ data: ShipmentReader });
