import { paths } from '@/config/paths';
import { LoginPage } from '@/features/auth/components/LoginPage';
import { EventRedirect } from '@/features/events/components/EventRedirect';
import type { IncidentPagesView } from '@/entities/incident/incident-pages';
import { loadMapView, preloadBasemap } from '@/components/map/load-map-view';
import { getActiveOrganizationId } from '@/lib/active-organization';
import { publicConfigQuery } from '@/lib/public-config';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { HomeRedirect, RedirectSignedInAdmin, RequireAdmin } from './routes/guards';
import { lazyPage, type LazyPage } from './routes/lazy-page';
import { RootLayout } from './routes/RootLayout';
import type { RouteHandle } from './routes/route-handle';

// Everything behind the sign-in is split out so the login page loads only what it needs.
const AdminLayout = lazyPage(() => import('./layouts/AdminLayout'), 'AdminLayout');
const CreateAccountPage = lazyPage(
  () => import('@/features/auth/components/CreateAccountPage'),
  'CreateAccountPage',
);
const GoogleCallbackPage = lazyPage(
  () => import('@/features/auth/components/GoogleCallbackPage'),
  'GoogleCallbackPage',
);
const SupplierResponsePage = lazyPage(
  () => import('@/features/supplier-response/components/SupplierResponsePage'),
  'SupplierResponsePage',
);
const AcceptInvitePage = lazyPage(
  () => import('@/features/auth/components/AcceptInvitePage'),
  'AcceptInvitePage',
);
const PrivacyPage = lazyPage(
  () => import('@/features/legal/components/PrivacyPage'),
  'PrivacyPage',
);
const TermsPage = lazyPage(() => import('@/features/legal/components/TermsPage'), 'TermsPage');
const AtlasPage = lazyPage(() => import('@/features/atlas/components/AtlasPage'), 'AtlasPage');
const EventsPage = lazyPage(() => import('@/features/events/components/EventsPage'), 'EventsPage');
const EventPage = lazyPage(() => import('@/features/events/components/EventPage'), 'EventPage');
const InsightsPage = lazyPage(
  () => import('@/features/insights/components/InsightsPage'),
  'InsightsPage',
);
const PlansPage = lazyPage(() => import('@/features/plans/components/PlansPage'), 'PlansPage');
const ProfilePage = lazyPage(
  () => import('@/features/profile/components/ProfilePage'),
  'ProfilePage',
);
const SecurityPage = lazyPage(
  () => import('@/features/security/components/SecurityPage'),
  'SecurityPage',
);
const NotificationsPage = lazyPage(
  () => import('@/features/notifications/components/NotificationsPage'),
  'NotificationsPage',
);
const PlatformSetupPage = lazyPage(
  () => import('@/features/platform-setup/components/PlatformSetupPage'),
  'PlatformSetupPage',
);
const TeamMembersPage = lazyPage(
  () => import('@/features/team-members/components/TeamMembersPage'),
  'TeamMembersPage',
);
const TeamMemberPage = lazyPage(
  () => import('@/features/team-members/components/TeamMemberPage'),
  'TeamMemberPage',
);
const TeamGroupsPage = lazyPage(
  () => import('@/features/team-groups/components/TeamGroupsPage'),
  'TeamGroupsPage',
);
const OrganizationsPage = lazyPage(
  () => import('@/features/organizations/components/OrganizationsPage'),
  'OrganizationsPage',
);
const OrganizationCreatePage = lazyPage(
  () => import('@/features/organizations/components/OrganizationCreatePage'),
  'OrganizationCreatePage',
);
const OrganizationEditPage = lazyPage(
  () => import('@/features/organizations/components/OrganizationEditPage'),
  'OrganizationEditPage',
);
const SuppliersPage = lazyPage(
  () => import('@/features/suppliers/components/SuppliersPage'),
  'SuppliersPage',
);
const BillingPage = lazyPage(
  () => import('@/features/billing/components/BillingPage'),
  'BillingPage',
);

/** A lazily loaded screen, whose code (and first data) the route handle fetches early. */
const screen = (
  Page: LazyPage,
  handle: RouteHandle = {},
  prefetchData?: (queryClient: QueryClient) => void,
) => ({
  element: <Page />,
  handle: {
    ...handle,
    preload: (queryClient) => {
      Page.preload();
      prefetchData?.(queryClient);
    },
  } satisfies RouteHandle,
});

const atlasHandle: RouteHandle = { title: 'Atlas', navItem: 'atlas' };
/**
 * The first page of incidents for the Events list or Atlas's feed, from a chunk of its own: the
 * login page loads none of the incident code.
 */
const prefetchIncidents = (queryClient: QueryClient, view?: IncidentPagesView) => {
  const organizationId = getActiveOrganizationId();
  void import('@/entities/incident/incident-pages').then(
    (module) => module.prefetchIncidentPages(queryClient, organizationId, view),
    () => undefined,
  );
};

/**
 * Atlas's feed, its map's code and its style choice at once (the map waits for both), then the
 * offline basemap's countries; its data from a small chunk of its own.
 */
const prefetchAtlas = (queryClient: QueryClient) => {
  prefetchIncidents(queryClient, 'feed');
  void queryClient.fetchQuery(publicConfigQuery).then(
    (config) => {
      if (!config.mapStyleUrl) preloadBasemap();
    },
    () => undefined,
  );
  // A failure here is retried, and shown, by the map itself.
  loadMapView().catch(() => undefined);
  void import('@/features/atlas/api/prefetch-atlas').then(
    (module) => module.prefetchAtlas(queryClient),
    () => undefined,
  );
};

const adminRoutes: RouteObject[] = [
  // /admin, /admin/atlas and any unknown /admin path show Atlas (spec part 2).
  { index: true, ...screen(AtlasPage, atlasHandle, prefetchAtlas) },
  { path: paths.admin.atlas.path, ...screen(AtlasPage, atlasHandle, prefetchAtlas) },
  {
    path: paths.admin.events.path,
    ...screen(EventsPage, { title: 'Events', navItem: 'events' }, (queryClient) =>
      prefetchIncidents(queryClient),
    ),
  },
  {
    path: paths.admin.event.path,
    ...screen(EventPage, { title: 'Event', navItem: 'events' }),
  },
  {
    path: paths.admin.insights.path,
    ...screen(InsightsPage, { title: 'Insights', navItem: 'insights' }),
  },
  {
    path: paths.admin.plans.path,
    ...screen(PlansPage, { title: 'Plans', navItem: 'plans' }),
  },
  {
    path: paths.admin.profile.path,
    ...screen(ProfilePage, { title: 'User Profile' }),
  },
  {
    path: paths.admin.security.path,
    ...screen(SecurityPage, { title: 'Security' }),
  },
  {
    path: paths.admin.notifications.path,
    ...screen(NotificationsPage, { title: 'Notifications' }),
  },
  {
    path: paths.admin.platformSetup.path,
    ...screen(PlatformSetupPage, { title: 'Platform Setup' }),
  },
  {
    path: paths.admin.teamMembers.path,
    ...screen(TeamMembersPage, { title: 'Team Members' }),
  },
  {
    path: paths.admin.teamMember.path,
    ...screen(TeamMemberPage, { title: 'Team Member' }),
  },
  {
    path: paths.admin.teamGroups.path,
    ...screen(TeamGroupsPage, { title: 'Team Groups' }),
  },
  {
    path: paths.admin.organizations.path,
    ...screen(OrganizationsPage, { title: 'Organizations' }),
  },
  {
    path: paths.admin.organizationNew.path,
    ...screen(OrganizationCreatePage, { title: 'Add Organization' }),
  },
  {
    path: paths.admin.organizationEdit.path,
    ...screen(OrganizationEditPage, { title: 'Edit Organization' }),
  },
  {
    path: paths.admin.billing.path,
    ...screen(BillingPage, { title: 'Billing & Plans' }),
  },
  {
    path: paths.admin.suppliers.path,
    ...screen(SuppliersPage, { title: 'Suppliers' }),
  },
  { path: '*', ...screen(AtlasPage, atlasHandle, prefetchAtlas) },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.home.path, element: <HomeRedirect /> },
      {
        path: paths.login.path,
        element: (
          <RedirectSignedInAdmin>
            <LoginPage />
          </RedirectSignedInAdmin>
        ),
        handle: { title: 'Sign in' } satisfies RouteHandle,
      },
      {
        path: paths.createAccount.path,
        element: (
          <RedirectSignedInAdmin>
            <CreateAccountPage />
          </RedirectSignedInAdmin>
        ),
        handle: { title: 'Request an account' } satisfies RouteHandle,
      },
      {
        path: paths.googleCallback.path,
        ...screen(GoogleCallbackPage, { title: 'Google Sign In' }),
      },
      {
        path: paths.privacy.path,
        ...screen(PrivacyPage, { title: 'Privacy Policy' }),
      },
      {
        path: paths.terms.path,
        ...screen(TermsPage, { title: 'Terms of Service' }),
      },
      {
        path: paths.acceptInvite.path,
        ...screen(AcceptInvitePage, { title: 'Accept invitation' }),
      },
      {
        path: paths.supplierResponse.path,
        ...screen(SupplierResponsePage, { title: 'Supplier check' }),
      },
      { path: paths.eventShortcut.path, element: <EventRedirect /> },
      {
        path: paths.admin.root.path,
        element: (
          <RequireAdmin>
            <AdminLayout />
          </RequireAdmin>
        ),
        handle: { preload: () => AdminLayout.preload() } satisfies RouteHandle,
        children: adminRoutes,
      },
      { path: '*', element: <HomeRedirect /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
