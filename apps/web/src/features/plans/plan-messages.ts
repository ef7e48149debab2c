/**
 * Texts of the Plans screen (the server's own messages are PLAN_MESSAGES of the contracts). They
 * live with the feature rather than in config/messages.ts, which the login page loads and
 * whose weight it is held to (e2e/sign-in.e2e.ts).
 */
export const PLAN_MESSAGES_WEB = {
  createFailed: 'Could not create the plan',
  actionAddFailed: 'Could not add the action',
  actionUpdateFailed: 'Could not save the action',
  templatesFailed: 'Unable to load the templates',
  templateSaveFailed: 'Could not save the template',
  templateRemoveFailed: 'Could not remove the template',
  created: (name: string) => `Plan “${name}” created`,
  statusChanged: (name: string, status: string) => `Plan “${name}” is now ${status}`,
  templateSaved: (name: string) => `Template “${name}” saved`,
  templateRemoved: (name: string) => `Template “${name}” removed`,
  noPlans: 'No plans for this event yet.',
  noPlansHint: 'Start one with “+ Create Plan”: from a template, or blank.',
  noActions: 'No actions yet.',
  noMyActions: 'No actions are assigned to you.',
  sampleEvents: 'Plans are kept for your organization’s own events, which could not be loaded.',
  createNeedsEditor: 'Only managers and admins can create plans',
  readOnly: 'You can change the status and notes of the actions assigned to you.',
} as const;
