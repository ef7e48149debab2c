/** Texts of the organization screens besides adminFallback's. */
export const organizationPage = {
  created: 'Organization created',
  updated: 'Organization updated',
  deleted: 'Organization deleted',
  deleteConfirm: (name: string) =>
    `Are you sure you want to delete ${name}? It will be disabled and hidden; its data is kept.`,
  platformAdminRequired: 'Only platform admins can manage organizations',
  noneMatch: 'No organizations match this search.',
  requestApproved: 'Account request approved',
  requestDismissed: 'Account request dismissed',
  loadRequests: 'Failed to load account requests',
  approveFailed: 'Approve failed',
  dismissFailed: 'Dismiss failed',
} as const;
