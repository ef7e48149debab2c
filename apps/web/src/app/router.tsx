import { paths } from '@/config/paths';
import { LoginPage } from '@/features/auth/components/LoginPage';
import { EventRedirect } from '@/features/events/components/EventRedirect';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { HomeRedirect, RedirectSignedInAdmin, RequireAdmin } from './routes/guards';
import { lazyPage } from './routes/lazy-page';
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
const BillingPage = lazyPage(
  () => import('@/features/billing/components/BillingPage'),
  'BillingPage',
);

const atlasHandle: RouteHandle = { title: 'Atlas', navItem: 'atlas' };

const adminRoutes: RouteObject[] = [
  // /admin, /admin/atlas and any unknown /admin path show Atlas (spec part 2).
  { index: true, element: <AtlasPage />, handle: atlasHandle },
  { path: paths.admin.atlas.path, element: <AtlasPage />, handle: atlasHandle },
  {
    path: paths.admin.events.path,
    element: <EventsPage />,
    handle: { title: 'Events', navItem: 'events' } satisfies RouteHandle,
  },
  {
    path: paths.admin.event.path,
    element: <EventPage />,
    handle: { title: 'Event', navItem: 'events' } satisfies RouteHandle,
  },
  {
    path: paths.admin.insights.path,
    element: <InsightsPage />,
    handle: { title: 'Insights', navItem: 'insights' } satisfies RouteHandle,
  },
  {
    path: paths.admin.plans.path,
    element: <PlansPage />,
    handle: { title: 'Plans', navItem: 'plans' } satisfies RouteHandle,
  },
  {
    path: paths.admin.profile.path,
    element: <ProfilePage />,
    handle: { title: 'User Profile' } satisfies RouteHandle,
  },
  {
    path: paths.admin.security.path,
    element: <SecurityPage />,
    handle: { title: 'Security' } satisfies RouteHandle,
  },
  {
    path: paths.admin.notifications.path,
    element: <NotificationsPage />,
    handle: { title: 'Notifications' } satisfies RouteHandle,
  },
  {
    path: paths.admin.platformSetup.path,
    element: <PlatformSetupPage />,
    handle: { title: 'Platform Setup' } satisfies RouteHandle,
  },
  {
    path: paths.admin.teamMembers.path,
    element: <TeamMembersPage />,
    handle: { title: 'Team Members' } satisfies RouteHandle,
  },
  {
    path: paths.admin.teamMember.path,
    element: <TeamMemberPage />,
    handle: { title: 'Team Member' } satisfies RouteHandle,
  },
  {
    path: paths.admin.teamGroups.path,
    element: <TeamGroupsPage />,
    handle: { title: 'Team Groups' } satisfies RouteHandle,
  },
  {
    path: paths.admin.organizations.path,
    element: <OrganizationsPage />,
    handle: { title: 'Organizations' } satisfies RouteHandle,
  },
  {
    path: paths.admin.organizationNew.path,
    element: <OrganizationCreatePage />,
    handle: { title: 'Add Organization' } satisfies RouteHandle,
  },
  {
    path: paths.admin.organizationEdit.path,
    element: <OrganizationEditPage />,
    handle: { title: 'Edit Organization' } satisfies RouteHandle,
  },
  {
    path: paths.admin.billing.path,
    element: <BillingPage />,
    handle: { title: 'Billing & Plans' } satisfies RouteHandle,
  },
  { path: '*', element: <AtlasPage />, handle: atlasHandle },
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
        element: <GoogleCallbackPage />,
        handle: { title: 'Google Sign In' } satisfies RouteHandle,
      },
      {
        path: paths.privacy.path,
        element: <PrivacyPage />,
        handle: { title: 'Privacy Policy' } satisfies RouteHandle,
      },
      {
        path: paths.terms.path,
        element: <TermsPage />,
        handle: { title: 'Terms of Service' } satisfies RouteHandle,
      },
      {
        path: paths.acceptInvite.path,
        element: <AcceptInvitePage />,
        handle: { title: 'Accept invitation' } satisfies RouteHandle,
      },
      { path: paths.eventShortcut.path, element: <EventRedirect /> },
      {
        path: paths.admin.root.path,
        element: (
          <RequireAdmin>
            <AdminLayout />
          </RequireAdmin>
        ),
        children: adminRoutes,
      },
      { path: '*', element: <HomeRedirect /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
