import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
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
  AdminRole,
  IncidentStatus,
  OrganizationStatus,
  PlatformRole,
  Severity,
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
  (table) => [uniqueIndex('organizations_slug_key').on(table.slug)],
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
    /** Bumped to invalidate every access token already issued to this user. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    index('users_organization_idx').on(table.organizationId, table.createdAt),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
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
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    countryCode: text('country_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('incidents_organization_updated_idx').on(table.organizationId, table.updatedAt),
  ],
);

export const shipments = pgTable(
  'shipments',
  {
    id: text('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    reference: text('reference').notNull(),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    mode: text('mode').$type<'SEA' | 'AIR' | 'ROAD' | 'RAIL'>().notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('shipments_organization_idx').on(table.organizationId)],
);

export const accountRequests = pgTable('account_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  address1: text('address1').notNull(),
  address2: text('address2'),
  city: text('city').notNull(),
  state: text('state').notNull(),
  postalCode: text('postal_code').notNull(),
  country: text('country').notNull(),
  status: text('status').$type<'PENDING' | 'APPROVED' | 'DISMISSED'>().notNull().default('PENDING'),
  createdAt: createdAt(),
});

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
  updatedAt: updatedAt(),
});
