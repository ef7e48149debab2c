/** Every /admin screen with the title its page shows. */
export const ADMIN_SCREENS = [
  ['/admin/atlas', 'Atlas'],
  ['/admin/events', 'Events'],
  ['/admin/insights', 'Insights'],
  ['/admin/plans', 'Plans'],
  ['/admin/profile', 'User Profile'],
  ['/admin/security', 'Security'],
  ['/admin/notifications', 'Notifications'],
  ['/admin/platform-setup', 'Platform Setup'],
  ['/admin/team-members', 'Team Members'],
  ['/admin/team-members/00000000-0000-4000-8000-000000000001', 'Team Member'],
  ['/admin/team-groups', 'Team Groups'],
  ['/admin/organizations', 'Organizations'],
  ['/admin/organizations/new', 'Add Organization'],
  ['/admin/organizations/00000000-0000-4000-8000-000000000001/edit', 'Edit Organization'],
  ['/admin/billing', 'Billing & Plans'],
  ['/admin/suppliers', 'Suppliers'],
] as const;
