/**
 * Every route of the web app, defined once for both sides: the router's patterns and the links
 * the web builds, and the links the server writes into alerts, e-mails and answers. `path` is
 * the router pattern, `getHref` builds a link (a path; the server prefixes its public URL where
 * a link leaves the app).
 */
const withQuery = (path: string, query: Record<string, string | undefined>): string => {
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
  return search ? `${path}?${search}` : path;
};

export const WEB_PATHS = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  createAccount: { path: '/create-account', getHref: () => '/create-account' },
  googleCallback: { path: '/auth/google/callback', getHref: () => '/auth/google/callback' },
  acceptInvite: {
    path: '/accept-invite',
    getHref: (token: string) => `/accept-invite?token=${encodeURIComponent(token)}`,
  },
  /** A supplier's answer page: public, opened from the e-mail's one-time link. */
  supplierResponse: {
    path: '/supplier-response',
    getHref: (token: string) => `/supplier-response?token=${encodeURIComponent(token)}`,
  },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  terms: { path: '/terms', getHref: () => '/terms' },
  /** Where the spec's map and feed send an incident; it redirects to the admin event page. */
  eventShortcut: {
    path: '/events/:eventId',
    getHref: (eventId: string) => `/events/${encodeURIComponent(eventId)}`,
  },
  admin: {
    root: { path: '/admin', getHref: () => '/admin' },
    atlas: { path: '/admin/atlas', getHref: () => '/admin/atlas' },
    events: { path: '/admin/events', getHref: () => '/admin/events' },
    event: {
      path: '/admin/events/:eventId',
      getHref: (eventId: string) => `/admin/events/${encodeURIComponent(eventId)}`,
    },
    insights: {
      path: '/admin/insights',
      getHref: (incident?: string) => withQuery('/admin/insights', { incident }),
    },
    plans: {
      path: '/admin/plans',
      /** A plan of an incident (`view: 'mine'`: the person's own actions), or the screen. */
      getHref: (open?: { incident: string; plan?: string; view?: 'mine'; create?: boolean }) =>
        withQuery('/admin/plans', {
          incident: open?.incident,
          plan: open?.plan,
          view: open?.view,
          create: open?.create ? '1' : undefined,
        }),
    },
    profile: { path: '/admin/profile', getHref: () => '/admin/profile' },
    security: { path: '/admin/security', getHref: () => '/admin/security' },
    notifications: { path: '/admin/notifications', getHref: () => '/admin/notifications' },
    platformSetup: { path: '/admin/platform-setup', getHref: () => '/admin/platform-setup' },
    teamMembers: { path: '/admin/team-members', getHref: () => '/admin/team-members' },
    teamMember: {
      path: '/admin/team-members/:userId',
      getHref: (userId: string) => `/admin/team-members/${encodeURIComponent(userId)}`,
    },
    teamGroups: { path: '/admin/team-groups', getHref: () => '/admin/team-groups' },
    organizations: { path: '/admin/organizations', getHref: () => '/admin/organizations' },
    organizationNew: {
      path: '/admin/organizations/new',
      getHref: () => '/admin/organizations/new',
    },
    organizationEdit: {
      path: '/admin/organizations/:organizationId/edit',
      getHref: (organizationId: string) =>
        `/admin/organizations/${encodeURIComponent(organizationId)}/edit`,
    },
    billing: { path: '/admin/billing', getHref: () => '/admin/billing' },
    suppliers: {
      path: '/admin/suppliers',
      getHref: (tab?: 'shipments') => (tab ? `/admin/suppliers?tab=${tab}` : '/admin/suppliers'),
    },
  },
} as const;
