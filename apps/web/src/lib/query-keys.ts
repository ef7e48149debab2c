import type { Scope, UserListQuery } from '@meridian/contracts';

/**
 * Every query key of the app. A key starts with its root, so invalidating a root (`.all`)
 * refreshes every query below it; keys of organization-scoped data carry the acting
 * organization, so one organization's data never shows for another.
 */
export const queryKeys = {
  publicConfig: ['public-config'],
  /** The hazard feeds (platform-wide, not an organization's). */
  sources: ['sources'],
  /** The background work's health (platform-wide). */
  jobs: ['jobs'],
  /** The acting organization's API keys. */
  apiKeys: (organizationId: string | null) => ['api-keys', organizationId],
  invitation: (token: string) => ['invitation', token],
  supplierRequest: (token: string) => ['supplier-request', token],
  me: {
    profile: ['me', 'profile'],
    sessions: ['me', 'sessions'],
    notifications: ['me', 'notifications'],
  },
  /** The signed-in user's own notifications (the bell), whichever organization they act as. */
  notifications: {
    all: ['notifications'],
    unread: ['notifications', 'unread'],
    latest: ['notifications', 'latest'],
  },
  /** The acting organization's integrations (Slack, Teams, webhooks) and their delivery logs. */
  integrations: {
    all: (organizationId: string | null) => ['integrations', organizationId],
    list: (organizationId: string | null) => ['integrations', organizationId, 'list'],
    deliveries: (organizationId: string | null, endpointId: string) => [
      'integrations',
      organizationId,
      'deliveries',
      endpointId,
    ],
  },
  atlas: {
    all: ['atlas'],
    incidents: (organizationId: string | null, scope: Scope) => [
      'atlas',
      'events',
      organizationId,
      scope,
    ],
    /** Atlas's map of the whole list, read in a worker. */
    incidentMap: (organizationId: string | null, scope: Scope) => [
      'atlas',
      'event-map',
      organizationId,
      scope,
    ],
    /** The affected areas of some incidents of one list the map's worker keeps. */
    incidentAreas: (listKey: string | null, incidentIds: string) => [
      'atlas',
      'event-areas',
      listKey,
      incidentIds,
    ],
    incident: (organizationId: string | null, incidentId: string) => [
      'atlas',
      'event',
      organizationId,
      incidentId,
    ],
    /** One filtered, paged view of the Events list; the scope last, as for every atlas list. */
    incidentPages: (organizationId: string | null, filters: string, scope: Scope) => [
      'atlas',
      'event-pages',
      organizationId,
      filters,
      scope,
    ],
    exposureSummary: (organizationId: string | null, scope: Scope) => [
      'atlas',
      'exposure-summary',
      organizationId,
      scope,
    ],
    exposure: (organizationId: string | null, incidentId: string) => [
      'atlas',
      'exposure',
      organizationId,
      incidentId,
    ],
    assessments: (organizationId: string | null, incidentId: string) => [
      'atlas',
      'assessments',
      organizationId,
      incidentId,
    ],
    supplierRequests: (organizationId: string | null, incidentId: string) => [
      'atlas',
      'supplier-requests',
      organizationId,
      incidentId,
    ],
    timeline: (organizationId: string | null, incidentId: string) => [
      'atlas',
      'timeline',
      organizationId,
      incidentId,
    ],
    feedReports: (organizationId: string | null, incidentId: string) => [
      'atlas',
      'feed-reports',
      organizationId,
      incidentId,
    ],
    sites: (organizationId: string | null) => ['atlas', 'sites', organizationId],
    exposedRoutes: (organizationId: string | null, scope: Scope) => [
      'atlas',
      'exposed-routes',
      organizationId,
      scope,
    ],
    /** Every box of the organization's map: refetched when its tag is found stale. */
    shipmentMaps: (organizationId: string | null) => ['atlas', 'shipment-map', organizationId],
    /** The map's shipments in one box (`world` for all); the scope last, as for every atlas list. */
    shipmentMap: (organizationId: string | null, bbox: string, scope: Scope) => [
      'atlas',
      'shipment-map',
      organizationId,
      bbox,
      scope,
    ],
    /** One shipment of the map, by the tag of its body and its ordinal there. */
    shipmentMapDetails: (organizationId: string | null, tag: string, ordinal: number) => [
      'atlas',
      'shipment-map-details',
      organizationId,
      tag,
      ordinal,
    ],
  },
  geocode: (address: string) => ['geocode', address],
  organizations: {
    all: ['organizations'],
    /** One searched list, a page at a time (the table and the picker share the unsearched one). */
    list: (search: string) => ['organizations', 'list', search],
    detail: (organizationId: string) => ['organizations', 'detail', organizationId],
  },
  accountRequests: {
    pending: ['account-requests', 'pending'],
  },
  users: {
    all: ['users'],
    members: (organizationId: string | null) => ['users', organizationId, 'members'],
    /** One searched, filtered and sorted view of the list, a page at a time. */
    list: (organizationId: string | null, query: Partial<UserListQuery>) => [
      'users',
      organizationId,
      'list',
      query,
    ],
    detail: (organizationId: string | null, userId: string) => [
      'users',
      organizationId,
      'detail',
      userId,
    ],
    sessions: (organizationId: string | null, userId: string) => [
      'users',
      organizationId,
      'detail',
      userId,
      'sessions',
    ],
    twoFactor: (organizationId: string | null, userId: string) => [
      'users',
      organizationId,
      'detail',
      userId,
      'two-factor',
    ],
  },
  /** The acting organization's response plans; a list per filter (incident, assignee). */
  plans: {
    all: ['plans'],
    list: (organizationId: string | null, filter: Record<string, string>) => [
      'plans',
      organizationId,
      'list',
      filter,
    ],
  },
  planTemplates: (organizationId: string | null) => ['plan-templates', organizationId],
  /** The organization's sites (suppliers and others) and shipments, screen "Suppliers". */
  sites: {
    all: ['sites'],
    pages: (organizationId: string | null, filters: string) => [
      'sites',
      organizationId,
      'pages',
      filters,
    ],
    assessments: (organizationId: string | null, siteId: string) => [
      'sites',
      organizationId,
      'assessments',
      siteId,
    ],
    exposure: (organizationId: string | null, siteId: string) => [
      'sites',
      organizationId,
      'exposure',
      siteId,
    ],
  },
  /** The organization's products and their bills of materials, Suppliers' Products tab. */
  products: {
    all: ['products'],
    pages: (organizationId: string | null, filters: string) => [
      'products',
      organizationId,
      'pages',
      filters,
    ],
  },
  shipments: {
    all: ['shipments'],
    pages: (organizationId: string | null, filters: string) => [
      'shipments',
      organizationId,
      'pages',
      filters,
    ],
  },
  /** Insights: chart data, and an event's memos, reports and analyses. */
  insights: {
    all: ['insights'],
    charts: (organizationId: string | null, days: number, scope: string) => [
      'insights',
      organizationId,
      'charts',
      days,
      scope,
    ],
    memos: (organizationId: string | null, incidentId: string) => [
      'insights',
      organizationId,
      'memos',
      incidentId,
    ],
    reports: (organizationId: string | null, incidentId: string) => [
      'insights',
      organizationId,
      'reports',
      incidentId,
    ],
    analyses: (organizationId: string | null, incidentId: string) => [
      'insights',
      organizationId,
      'analyses',
      incidentId,
    ],
  },
  settings: {
    platform: (organizationId: string | null) => ['settings', 'platform', organizationId],
    security: (organizationId: string | null) => ['settings', 'security', organizationId],
    notifications: (organizationId: string | null) => ['settings', 'notifications', organizationId],
    currency: (organizationId: string | null) => ['settings', 'currency', organizationId],
  },
} as const;

/** Whether `key` is an Atlas list of `scope` (the lists end with their scope). */
export const isAtlasListOf = (key: readonly unknown[], scope: Scope): boolean =>
  key[0] === queryKeys.atlas.all[0] && key.at(-1) === scope;
