export const adminFallback = {
  loadUsers: 'Failed to load users',
  loadUser: 'Failed to load user',
  update: 'Update failed',
  delete: 'Delete failed',
  loadOrganizations: 'Failed to load organizations',
  createOrganization: 'Failed to create organization',
  loadOrganization: 'Failed to load organization',
  updateOrganization: 'Failed to update organization',
} as const;
