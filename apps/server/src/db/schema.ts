import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  customType,
  primaryKey,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  AccountStatus,
  ActionStatus,
  AdminRole,
  SignInMethod,
  AlertKind,
  AssessmentState,
  AlertSummaryItem,
  AnalysisEngine,
  Citation,
  DeliveryChannel,
  DeliveryStatus,
  EndpointKind,
  Criticality,
  ExposureState,
  ShipmentMode,
  ShipmentStatus,
  SiteKind,
  GeoArea,
  Hazard,
  IncidentStatus,
  Priority,
  PriorityPoints,
  IncidentType,
  OrganizationStatus,
  PlanStatus,
  PlatformRole,
  NewsRule,
  Severity,
  SourceKind,
} from '@meridian/contracts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    domain: text('domain'),
    status: text('status').$type<OrganizationStatus>().notNull().default('ACTIVE'),
    addressLine1: text('address_line1'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    country: text('country'),
    phoneNumber: text('phone_number'),
    website: text('website'),
    /** The platform operator's own organization; exactly one exists. */
    isInternal: boolean('is_internal').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('organizations_slug_key').on(table.slug),
    // A domain names one organization: its addresses are invited by that organization alone.
    uniqueIndex('organizations_domain_key')
      .on(sql`lower(${table.domain})`)
      .where(sql`${table.deletedAt} IS NULL AND ${table.domain} IS NOT NULL`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    passwordHash: text('password_hash'),
    adminRole: text('admin_role').$type<AdminRole>().notNull().default('VIEWER'),
    role: text('role').$type<PlatformRole>().notNull().default('MEMBER'),
    accountStatus: text('account_status').$type<AccountStatus>().notNull().default('PENDING'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** A generated password: nothing but changing it is allowed until it is changed. */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
    /** Bumped to invalidate every access token already issued to this user. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** The Google account's subject (`sub`), stored on first link; later sign-ins must match it. */
    googleSub: text('google_sub'),
    googleLinkedAt: timestamp('google_linked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    uniqueIndex('users_google_sub_key').on(table.googleSub),
    index('users_organization_idx').on(table.organizationId, table.createdAt),
  ],
);

/**
 * A signed-in device: one refresh-token family. Access tokens carry its id (`sid`), so
 * revoking a session ends its access tokens at once, and only its own.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** How the session was signed in: a Google sign-in is not asked for a second factor here. */
    method: text('method').$type<SignInMethod>().notNull().default('PASSWORD'),
    /** Absolute end of the session: refreshing never extends it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session (see `sessions`) this token belongs to. */
    familyId: uuid('family_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Absolute end of the family's life: rotation never extends it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_hash_key').on(table.tokenHash),
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
  ],
);

/**
 * A user's TOTP second factor (RFC 6238). The row exists from the setup step; `enabledAt` is
 * set once the user confirms a code, and only then does sign-in ask for one.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** AES-256-GCM sealed (lib/secret-box.ts): a copy of the database alone does not reveal it. */
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last time step whose code was accepted: a code is never accepted twice. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Single-use recovery codes, stored as SHA-256 hashes (they carry 80 random bits). */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('two_factor_recovery_codes_user_hash_key').on(table.userId, table.codeHash),
  ],
);

/**
 * The second step of a password sign-in: the password was right, the code is still owed. The
 * client holds an opaque token; we keep its hash, the tries used and the pending attempt.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The password attempt in `login_attempts`: it counts as a failure until the code is right. */
    attemptId: bigint('attempt_id', { mode: 'number' }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    tries: integer('tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('login_challenges_hash_key').on(table.tokenHash),
    index('login_challenges_user_idx').on(table.userId),
  ],
);

/**
 * A Google sign-in that found a password account not yet linked to Google: the link is made
 * once the person confirms their Meridian password with this token (5 minutes, 5 tries).
 */
export const googleLinkChallenges = pgTable(
  'google_link_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    googleSub: text('google_sub').notNull(),
    userAgent: text('user_agent'),
    tries: integer('tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('google_link_challenges_hash_key').on(table.tokenHash),
    index('google_link_challenges_user_idx').on(table.userId),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    adminRole: text('admin_role').$type<AdminRole>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('invitations_token_key').on(table.tokenHash)],
);

export const incidents = pgTable(
  'incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for a global incident, visible to every organization in GLOBAL scope. */
    organizationId: uuid('organization_id').references(() => organizations.id),
    title: text('title').notNull(),
    description: text('description'),
    severity: text('severity').$type<Severity>().notNull(),
    status: text('status').$type<IncidentStatus>().notNull().default('OPEN'),
    type: text('type').$type<IncidentType>().notNull().default('OTHER'),
    /** MANUAL, or the feed that reported it (with its own id for the event, for updates). */
    source: text('source').notNull().default('MANUAL'),
    sourceId: text('source_id'),
    sourceUrl: text('source_url'),
    /** Made from a news item by keyword rules, until a person confirms it. */
    unverified: boolean('unverified').notNull().default(false),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    countryCode: text('country_code'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    affectedRadiusKm: doublePrecision('affected_radius_km').notNull().default(100),
    /** GeoJSON Polygon or MultiPolygon (RFC 7946), validated on the way in. */
    area: jsonb('area').$type<GeoArea>(),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('incidents_organization_updated_idx').on(table.organizationId, table.updatedAt),
    index('incidents_updated_idx').on(table.updatedAt, table.id),
    // The Events list by priority: the incidents the organization does not rank, in order.
    index('incidents_organization_severity_idx').on(
      table.organizationId,
      sql`(case ${table.severity} when 'CRITICAL' then 4 when 'HIGH' then 3 when 'MEDIUM' then 2 else 1 end)`,
      table.updatedAt,
      table.id,
    ),
    uniqueIndex('incidents_source_key')
      .on(table.source, table.sourceId)
      .where(sql`source_id is not null`),
  ],
);

/**
 * Each feed's report of an incident. The first made it (its source and id are the incident's
 * own); a report from another feed of the same event (FUSION_DEFAULTS) joins it instead of
 * making a second incident. A poll compares a report with what that feed said last
 * (`feedValues`), and `reported` keeps the event as the feed gave it, for a split.
 */
export const feedReports = pgTable(
  'feed_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    sourceId: text('source_id').notNull(),
    sourceName: text('source_name').notNull(),
    sourceUrl: text('source_url'),
    hazard: text('hazard').$type<Hazard>(),
    severity: text('severity').$type<Severity>().notNull(),
    reported: jsonb('reported').$type<ReportedEvent>(),
    /**
     * What this feed said last, per tracked field: a poll applies only what the feed changed
     * since, so a person's edit stands until the feed itself reports something new.
     */
    feedValues: jsonb('feed_values').$type<Record<string, unknown>>(),
    /** The end this feed gives the event, if any. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    over: boolean('over').notNull().default(false),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('feed_reports_source_key').on(table.source, table.sourceId),
    index('feed_reports_incident_idx').on(table.incidentId),
  ],
);

/** An event as a feed gave it: the incident a split makes of its report. */
export type ReportedEvent = {
  title: string;
  description: string | null;
  type: IncidentType;
  lat: number | null;
  lng: number | null;
  countryCode: string | null;
  area: GeoArea | null;
  affectedRadiusKm: number;
  startsAt: string;
  endsAt: string | null;
};

/**
 * Everything that happened to an incident, oldest first: its creation, each change (field,
 * from, to), status changes with their reason, and comments. An entry made for one
 * organization (a comment on a global incident) is seen by that organization only.
 */
export const incidentEvents = pgTable(
  'incident_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    /** Null: seen by every organization that sees the incident. */
    organizationId: uuid('organization_id').references(() => organizations.id),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind')
      .$type<'CREATED' | 'UPDATED' | 'STATUS' | 'COMMENT' | 'PLAN' | 'ASSESSMENT'>()
      .notNull(),
    changes: jsonb('changes').$type<{ field: string; from: unknown; to: unknown }[]>(),
    body: text('body'),
    /** The feed's name when a feed made the entry (then there is no actor). */
    source: text('source'),
    createdAt: createdAt(),
  },
  (table) => [index('incident_events_incident_idx').on(table.incidentId, table.id)],
);

export const shipments = pgTable(
  'shipments',
  {
    id: text('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** The organization's own reference (PO, booking): unique in it, the key of re-imports. */
    reference: text('reference').notNull(),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    mode: text('mode').$type<ShipmentMode>().notNull(),
    /** Where it is now. */
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** When `lat`/`lng` were given; from then on it is estimated to advance along its route. */
    positionAt: timestamp('position_at', { withTimezone: true }).notNull().defaultNow(),
    carrier: text('carrier'),
    /** What the goods on board are worth, in `cargo_currency` (ISO 4217); null: not given. */
    cargoValue: doublePrecision('cargo_value'),
    cargoCurrency: text('cargo_currency'),
    status: text('status').$type<ShipmentStatus>().notNull().default('IN_TRANSIT'),
    originLocode: text('origin_locode'),
    originLat: doublePrecision('origin_lat'),
    originLng: doublePrecision('origin_lng'),
    destinationLocode: text('destination_locode'),
    destinationLat: doublePrecision('destination_lat'),
    destinationLng: doublePrecision('destination_lng'),
    departureAt: timestamp('departure_at', { withTimezone: true }),
    eta: timestamp('eta', { withTimezone: true }),
    /** Given route points, [lng, lat]; null: derived from the mode and the ends. */
    waypoints: jsonb('waypoints').$type<[number, number][]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('shipments_organization_idx').on(table.organizationId),
    uniqueIndex('shipments_organization_reference_key').on(table.organizationId, table.reference),
  ],
);

/** Suppliers, own facilities, warehouses, ports and customers of an organization. */
export const sites = pgTable(
  'sites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** The organization's own key (ERP vendor number): re-imports update by it. */
    externalRef: text('external_ref'),
    name: text('name').notNull(),
    kind: text('kind').$type<SiteKind>().notNull().default('SUPPLIER'),
    tier: integer('tier'),
    criticality: text('criticality').$type<Criticality>().notNull().default('MEDIUM'),
    address: text('address'),
    city: text('city'),
    countryCode: text('country_code'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    products: jsonb('products').$type<string[]>().notNull().default([]),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    annualSpend: doublePrecision('annual_spend'),
    /** The revenue that stops while the site is down, per day (entered; in `currency`). */
    revenuePerDay: doublePrecision('revenue_per_day'),
    /** Days the site needs to recover from a disruption, when known (its time to recover). */
    recoveryDays: integer('recovery_days'),
    currency: text('currency'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('sites_organization_name_idx').on(table.organizationId, table.name, table.id),
    uniqueIndex('sites_organization_ref_key')
      .on(table.organizationId, table.externalRef)
      .where(sql`external_ref is not null`),
  ],
);

/**
 * What the organization sells (README, "Value at risk"): the revenue a product brings in a
 * day and the days its inventory covers; its bill of materials is in product_parts.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    revenuePerDay: doublePrecision('revenue_per_day'),
    currency: text('currency'),
    coverDays: doublePrecision('cover_days').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('products_organization_sku_key').on(table.organizationId, table.sku),
    index('products_organization_name_idx').on(table.organizationId, table.name, table.id),
  ],
);

/** A product's bill of materials: each part, a site supplying it, its share, single source. */
export const productParts = pgTable(
  'product_parts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    part: text('part').notNull(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    share: doublePrecision('share').notNull().default(1),
    singleSource: boolean('single_source').notNull().default(false),
    /** Its place in the product's list, as entered. */
    position: integer('position').notNull(),
  },
  (table) => [
    index('product_parts_product_idx').on(table.productId, table.position),
    index('product_parts_site_idx').on(table.siteId),
  ],
);

/** Which sites a shipment comes from or goes to. */
export const shipmentSites = pgTable(
  'shipment_sites',
  {
    shipmentId: text('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.shipmentId, table.siteId] }),
    index('shipment_sites_site_idx').on(table.siteId),
  ],
);

/**
 * An incident reaching a site or a shipment of an organization, as the exposure engine last
 * found it. Kept when cleared, so "since when" and "no longer" stay answerable.
 */
export const exposures = pgTable(
  'exposures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    targetKind: text('target_kind').$type<'SITE' | 'SHIPMENT'>().notNull(),
    targetId: text('target_id').notNull(),
    via: text('via').$type<'LOCATION' | 'POSITION' | 'ROUTE'>().notNull(),
    distanceKm: doublePrecision('distance_km').notNull(),
    state: text('state').$type<ExposureState>().notNull().default('NEW'),
    /** Since when it is in reach this time (a new exposure after a clearing starts again). */
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastChangedAt: timestamp('last_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The first time the incident reached it at all: kept through clearings. */
    firstExposedAt: timestamp('first_exposed_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it left the incident's reach (or the incident ended); null while it is in reach. */
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('exposures_target_key').on(table.incidentId, table.targetKind, table.targetId),
    index('exposures_organization_state_idx').on(table.organizationId, table.state),
    index('exposures_target_idx').on(table.targetKind, table.targetId),
    // The live ones, which the exposure clock looks through every minute.
    index('exposures_live_idx')
      .on(table.incidentId)
      .where(sql`${table.state} <> 'CLEARED'`),
  ],
);

/**
 * How one of an organization's sites stands in an incident that reached it, as someone set it
 * (absent: Potential). Value at risk and priority follow it (README, "Assessments").
 */
export const siteAssessments = pgTable(
  'site_assessments',
  {
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    state: text('state').$type<AssessmentState>().notNull(),
    capacityPct: integer('capacity_pct'),
    expectedRecoveryOn: date('expected_recovery_on', { mode: 'string' }),
    notes: text('notes'),
    setByUserId: uuid('set_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reportedBySupplier: boolean('reported_by_supplier').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.incidentId, table.organizationId, table.siteId] }),
    index('site_assessments_site_idx').on(table.siteId),
  ],
);

/**
 * A one-time link asking a site's own contact how it stands in an incident. The token is
 * random, stored only as its SHA-256 (`token_hash`, looked up) and sealed (`token_sealed`,
 * opened to send the reminder with the same link); it opens one site's question in one
 * incident until it expires or is revoked. The latest answer is kept here and written to the
 * site's assessment as the supplier's.
 */
export const supplierRequests = pgTable(
  'supplier_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    tokenSealed: text('token_sealed').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    remindAt: timestamp('remind_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The latest answer (an answer can be changed until the link expires). */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The first answer: the time to answer counts to it. */
    firstAnsweredAt: timestamp('first_answered_at', { withTimezone: true }),
    /** The contact's mail server refused the address (a 5xx reply): not sent again. */
    bouncedAt: timestamp('bounced_at', { withTimezone: true }),
    bounceReason: text('bounce_reason'),
    answerCount: integer('answer_count').notNull().default(0),
    answer: jsonb('answer').$type<{
      affected: boolean;
      capacityPct: number | null;
      expectedRecoveryOn: string | null;
      notes: string | null;
    }>(),
  },
  (table) => [
    uniqueIndex('supplier_requests_token_key').on(table.tokenHash),
    index('supplier_requests_incident_idx').on(table.incidentId, table.organizationId),
  ],
);

/**
 * The most of an organization's sites and of its shipments an incident reached at once, and
 * when: what it exposed while active stays known after it ends.
 */
export const exposurePeaks = pgTable(
  'exposure_peaks',
  {
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    sites: integer('sites').notNull().default(0),
    sitesAt: timestamp('sites_at', { withTimezone: true }),
    shipments: integer('shipments').notNull().default(0),
    shipmentsAt: timestamp('shipments_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.incidentId, table.organizationId] })],
);

/**
 * What an incident means for one organization, computed with its exposure (README, "Value at
 * risk" and "Priority"): the priority while it reaches something, the points behind it, and
 * the value at risk in the organization's currency. `inputs` fingerprints what they were
 * computed from, so that a recompute that changes nothing writes nothing.
 */
export const incidentImpacts = pgTable(
  'incident_impacts',
  {
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    priority: text('priority').$type<Priority>(),
    /** 4 for P1 down to 1 for P4, 0 when not exposed: the Events list sorts on it. */
    priorityRank: integer('priority_rank').notNull().default(0),
    points: jsonb('points').$type<PriorityPoints>(),
    valueAtRisk: doublePrecision('value_at_risk').notNull().default(0),
    currency: text('currency').notNull(),
    basis: text('basis').$type<'NOW' | 'WHILE_ACTIVE'>().notNull(),
    /** Each site's part of the value at risk (sites with a known amount), for Insights. */
    siteValues: jsonb('site_values')
      .$type<{ siteId: string; amount: number }[]>()
      .notNull()
      .default([]),
    inputs: text('inputs').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.incidentId, table.organizationId] }),
    index('incident_impacts_organization_rank_idx').on(table.organizationId, table.priorityRank),
  ],
);

/**
 * Background work that must happen once, whichever instance takes it, and survive a restart:
 * a worker claims a due job with FOR UPDATE SKIP LOCKED, deletes it when done, and on failure
 * puts it back with a growing delay. One pending job per (kind, key): asking twice is once.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    /** Bumped when the job is asked for again: a run that read an older one runs again. */
    version: integer('version').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('jobs_kind_key_key').on(table.kind, table.key),
    index('jobs_run_at_idx').on(table.runAt),
  ],
);

/**
 * The hazard feeds Meridian polls. A poll claims its source by moving `nextPollAt` past a lease
 * in one statement that skips rows another instance holds, so of several instances on one
 * PostgreSQL exactly one polls each source; success schedules the next poll an interval on,
 * failure a growing delay on. ETag and Last-Modified make the next request conditional.
 */
export const sources = pgTable(
  'sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<SourceKind>().notNull(),
    /** The `source` of the incidents it creates (with their feed ids): fixed at creation. */
    key: text('key').notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    intervalSeconds: integer('interval_seconds').notNull().default(300),
    nextPollAt: timestamp('next_poll_at', { withTimezone: true }).notNull().defaultNow(),
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    failures: integer('failures').notNull().default(0),
    itemCount: integer('item_count').notNull().default(0),
    /** Items of the last document read that were left out (not placed, or not actual alerts). */
    skippedCount: integer('skipped_count').notNull().default(0),
    /** A news source's keyword rules (NewsRule[]); null for every other kind. */
    rules: jsonb('rules').$type<NewsRule[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('sources_key_key').on(table.key),
    uniqueIndex('sources_name_key').on(sql`lower(${table.name})`),
    index('sources_next_poll_idx').on(table.nextPollAt),
  ],
);

/**
 * Keys an organization's own systems push incidents with. Only a SHA-256 digest of the key is
 * kept (the key is 32 random bytes, so a digest is enough); the key is shown once.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Addresses or CIDR ranges the key works from; empty: wherever its organization allows. */
    allowedNetworks: text('allowed_networks')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('api_keys_secret_hash_key').on(table.secretHash),
    index('api_keys_organization_idx').on(table.organizationId),
  ],
);

export const accountRequests = pgTable(
  'account_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    address1: text('address1').notNull(),
    address2: text('address2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    status: text('status')
      .$type<'PENDING' | 'APPROVED' | 'DISMISSED'>()
      .notNull()
      .default('PENDING'),
    createdAt: createdAt(),
  },
  (table) => [
    // One pending request per e-mail: asking again changes nothing.
    uniqueIndex('account_requests_pending_email_key')
      .on(table.email)
      .where(sql`status = 'PENDING'`),
    index('account_requests_status_created_idx').on(table.status, table.createdAt, table.id),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: uuid('actor_user_id'),
    actingOrganizationId: uuid('acting_organization_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (table) => [index('audit_log_created_idx').on(table.createdAt)],
);

/** Small key/value store for settings that every instance must agree on (e.g. a generated JWT key). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/** Password sign-in attempts, for throttling that several instances share. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('login_attempts_email_idx').on(table.email, table.createdAt),
    index('login_attempts_ip_idx').on(table.ip, table.createdAt),
  ],
);

/** Per-user settings; each column holds one settings document validated by its contract schema. */
export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences'),
  notifications: jsonb('notifications'),
  updatedAt: updatedAt(),
});

/** Per-organization settings, as for users. */
export const organizationSettings = pgTable('organization_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  security: jsonb('security'),
  platform: jsonb('platform'),
  /** Notification preferences for members who never saved their own. */
  notifications: jsonb('notifications'),
  /** The organization's currency and the exchange rates its admins keep. */
  currency: jsonb('currency'),
  updatedAt: updatedAt(),
});

/**
 * Something an organization's people may need to know (a new exposure, an incident escalated,
 * created, resolved or assigned), written in the transaction of the change that caused it.
 * A job fans it out to recipients by their preferences; `fannedOutAt` makes that happen once.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    incidentId: uuid('incident_id').references(() => incidents.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AlertKind>().notNull(),
    severity: text('severity').$type<Severity>().notNull(),
    title: text('title').notNull(),
    line: text('line').notNull(),
    link: text('link'),
    /** Who made the change: not alerted about their own act. */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When only one person is concerned (an assignment). */
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The incident's priority for the organization when raised (an all clear: the one it had
     * before clearing); null when it had none. Endpoints with a minimum priority filter on it.
     */
    priority: text('priority').$type<Priority>(),
    /**
     * Its priority before the change: a change that lifts the incident to someone's alert
     * priority (from below it) reaches their channels; one that only moves counts does not.
     */
    previousPriority: text('previous_priority').$type<Priority>(),
    /** A critical or single-source site newly exposed: the channels, whatever the priority. */
    urgent: boolean('urgent').notNull().default(false),
    /** The incident's owner (its assignee) when raised: its resolution reaches their channels. */
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Raised within a bulk change (an import's recompute): told to people in the change's one
     * summary, to webhooks one by one.
     */
    batchKey: text('batch_key'),
    /** A bulk change's summary: the incidents it newly exposed. */
    summary: jsonb('summary').$type<AlertSummaryItem[]>(),
    fannedOutAt: timestamp('fanned_out_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('alerts_incident_idx').on(table.organizationId, table.incidentId, table.kind)],
);

/**
 * Where an organization's alerts are posted: a Slack or Teams incoming webhook, or a generic
 * webhook signed with `secret` (kept as is: it signs every payload).
 */
export const alertEndpoints = pgTable(
  'alert_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    kind: text('kind').$type<EndpointKind>().notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    secret: text('secret'),
    /**
     * A Slack app's bot token, sealed (SecretBox 'slack-bot-token'): set, the endpoint posts
     * with chat.postMessage to `slackChannel` and answers about one incident in one thread.
     */
    slackBotToken: text('slack_bot_token'),
    /** The token's last characters, shown to admins to tell tokens apart. */
    slackBotTokenEnding: text('slack_bot_token_ending'),
    slackChannel: text('slack_channel'),
    minSeverity: text('min_severity').$type<Severity>().notNull().default('LOW'),
    /** Only alerts of incidents at this priority or higher for the organization; null: any. */
    minPriority: text('min_priority').$type<Priority>(),
    enabled: boolean('enabled').notNull().default(true),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
    lastError: text('last_error'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('alert_endpoints_organization_idx').on(table.organizationId)],
);

/**
 * One message to one recipient on the channels, a member (mailed, texted) or an endpoint; the
 * in-app inbox is `inboxEntries`. One incident reaches a member at most once per digest window: a later alert waits in the
 * recipient's one unsent row for the incident (`sentAt` null) until `sendAfter`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id').references(() => alertEndpoints.id, { onDelete: 'cascade' }),
    incidentId: uuid('incident_id').references(() => incidents.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AlertKind>().notNull(),
    severity: text('severity').$type<Severity>().notNull(),
    title: text('title').notNull(),
    lines: jsonb('lines').$type<string[]>().notNull(),
    link: text('link'),
    alertIds: jsonb('alert_ids').$type<string[]>().notNull(),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    /** Why a digest waits past its window: the member's quiet hours, or their hourly cap. */
    held: text('held').$type<'QUIET' | 'CAP'>(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('notifications_pending_key')
      .on(sql`coalesce(${table.userId}, ${table.endpointId})`, table.incidentId)
      .where(sql`sent_at is null`),
    index('notifications_user_sent_idx').on(table.userId, table.sentAt),
    index('notifications_recipient_incident_idx').on(
      table.userId,
      table.endpointId,
      table.incidentId,
      table.sentAt,
    ),
  ],
);

/**
 * The in-app inbox: one entry per member and incident (a thread), written the moment an alert
 * about it is fanned out, whatever any digest holds; each change adds its line (newest first),
 * updates it and makes it unread again. Alerts without an incident (a bulk change's summary)
 * have an entry each.
 */
export const inboxEntries = pgTable(
  'inbox_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    incidentId: uuid('incident_id').references(() => incidents.id, { onDelete: 'cascade' }),
    /** The latest change's kind, and its incident's severity and priority then. */
    kind: text('kind').$type<AlertKind>().notNull(),
    severity: text('severity').$type<Severity>().notNull(),
    priority: text('priority').$type<Priority>(),
    title: text('title').notNull(),
    /** One line per change, newest first (the latest few kept). */
    lines: jsonb('lines').$type<string[]>().notNull(),
    link: text('link'),
    /** How many changes the thread gathered. */
    updates: integer('updates').notNull().default(1),
    /** When a change in it last went out on the channels (desktop notifications show those). */
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('inbox_entries_thread_key')
      .on(table.userId, table.incidentId)
      .where(sql`incident_id is not null`),
    index('inbox_entries_user_updated_idx').on(table.userId, table.updatedAt),
  ],
);

/**
 * The outbox: one row per (notification, channel), written with the notification, delivered
 * at least once by whichever instance claims it (FOR UPDATE SKIP LOCKED, a lease on
 * `nextAttemptAt`), retried with its channel's backoff until its horizon. `idempotencyKey`
 * is sent along so a receiver can drop a repeat after a crash mid-delivery.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    notificationId: uuid('notification_id').references(() => notifications.id, {
      onDelete: 'cascade',
    }),
    endpointId: uuid('endpoint_id').references(() => alertEndpoints.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<DeliveryChannel>().notNull(),
    /** An e-mail address, or the endpoint's id. */
    recipient: text('recipient').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    title: text('title').notNull(),
    status: text('status').$type<DeliveryStatus>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('deliveries_idempotency_key').on(table.idempotencyKey),
    index('deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`status in ('PENDING', 'FAILED')`),
    index('deliveries_endpoint_idx').on(table.endpointId, table.createdAt),
    index('deliveries_channel_idx').on(table.channel, table.createdAt),
  ],
);

/**
 * Where an endpoint's messages about one incident continue: the Slack message (its `ts`) that
 * started the incident's thread in the endpoint's channel.
 */
export const endpointThreads = pgTable(
  'endpoint_threads',
  {
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => alertEndpoints.id, { onDelete: 'cascade' }),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    threadRef: text('thread_ref').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.endpointId, table.incidentId] })],
);

/** A organization's response plan recipe: ordered actions with default owners and due offsets. */
export const planTemplates = pgTable(
  'plan_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    incidentTypes: jsonb('incident_types').$type<IncidentType[]>().notNull(),
    actions: jsonb('actions')
      .$type<
        {
          title: string;
          description: string | null;
          ownerRole: AdminRole | null;
          ownerId: string | null;
          dueOffsetHours: number;
          required: boolean;
        }[]
      >()
      .notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('plan_templates_organization_idx').on(table.organizationId)],
);

/** An organization's response to an incident (its own or a global one). */
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id').references(() => planTemplates.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<PlanStatus>().notNull().default('ACTIVE'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    targetAt: timestamp('target_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('plans_organization_incident_idx').on(table.organizationId, table.incidentId),
    index('plans_organization_status_idx').on(table.organizationId, table.status),
  ],
);

/**
 * One step of a plan. `overdueAlertedAt` makes the overdue alert once per due time (a new
 * due time clears it).
 */
export const planActions = pgTable(
  'plan_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    required: boolean('required').notNull().default(true),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    status: text('status').$type<ActionStatus>().notNull().default('TODO'),
    blockedReason: text('blocked_reason'),
    notes: text('notes'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: uuid('done_by').references(() => users.id, { onDelete: 'set null' }),
    overdueAlertedAt: timestamp('overdue_alerted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('plan_actions_plan_idx').on(table.planId, table.position),
    index('plan_actions_assignee_idx').on(table.assigneeId),
    index('plan_actions_due_idx')
      .on(table.dueAt)
      .where(sql`status <> 'DONE' and overdue_alerted_at is null`),
  ],
);

/** Raw bytes (a stored PDF). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** A Markdown note of an organization on an incident. */
export const memos = pgTable(
  'memos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    editorId: uuid('editor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('memos_organization_incident_idx').on(table.organizationId, table.incidentId)],
);

/** A memo's earlier text, kept when it is edited. */
export const memoRevisions = pgTable(
  'memo_revisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memoId: uuid('memo_id')
      .notNull()
      .references(() => memos.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** Who had written this text. */
    editorId: uuid('editor_id').references(() => users.id, { onDelete: 'set null' }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('memo_revisions_memo_idx').on(table.memoId, table.id)],
);

/** A generated PDF report of an incident, stored as it was made. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    pdf: bytea('pdf').notNull(),
    bytes: integer('bytes').notNull(),
    pages: integer('pages').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('reports_organization_incident_idx').on(
      table.organizationId,
      table.incidentId,
      table.createdAt,
    ),
  ],
);

/** A question about an incident and the answer the assistant gave, with what it cited. */
export const analyses = pgTable(
  'analyses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull().default(''),
    engine: text('engine').$type<AnalysisEngine>().notNull(),
    model: text('model'),
    status: text('status').$type<'COMPLETE' | 'FAILED'>().notNull(),
    error: text('error'),
    citations: jsonb('citations').$type<Citation[]>().notNull().default([]),
    askedBy: uuid('asked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('analyses_organization_incident_idx').on(
      table.organizationId,
      table.incidentId,
      table.createdAt,
    ),
  ],
);
