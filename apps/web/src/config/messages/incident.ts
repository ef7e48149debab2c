/** Feedback of working incidents (create, change, comment). */
export const incident = {
  created: (title: string) => `Incident "${title}" created`,
  updated: (title: string) => `Incident "${title}" updated`,
  createFailed: 'Could not create the incident',
  updateFailed: 'Could not update the incident',
  commentFailed: 'Could not add the comment',
  timelineFailed: 'Unable to load the timeline',
  membersFailed: 'Unable to load the team',
  feedReportsFailed: 'Unable to load the feeds that reported it',
  splitFailed: 'Could not split the report',
} as const;
