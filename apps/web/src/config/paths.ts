/** Every route of the app, defined once; `path` is the router pattern, `getHref` builds a link. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  createAccount: { path: '/create-account', getHref: () => '/create-account' },
  googleCallback: { path: '/auth/google/callback', getHref: () => '/auth/google/callback' },
  acceptInvite: {
    path: '/accept-invite',
    getHref: (token: string) => `/accept-invite?token=${encodeURIComponent(token)}`,
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
    insights: { path: '/admin/insights', getHref: () => '/admin/insights' },
    plans: { path: '/admin/plans', getHref: () => '/admin/plans' },
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
