/**
 * Texts of the Insights screen (the server's own messages are INSIGHTS_MESSAGES and
 * ANALYSIS_MESSAGES of the contracts). They live with the feature rather than in
 * config/messages.ts, which the login page loads and whose weight it is held to.
 */
export const INSIGHTS_MESSAGES_WEB = {
  chartsFailed: 'Unable to load the charts',
  memosFailed: 'Unable to load the memos',
  memoSaveFailed: 'Could not save the memo',
  memoRemoveFailed: 'Could not remove the memo',
  reportsFailed: 'Unable to load the reports',
  reportFailed: 'Could not create the report',
  analysesFailed: 'Unable to load the analyses',
  analysisFailed: 'The analysis could not be generated',
  analysisInterrupted: 'The answer stopped before it was complete. Try again.',
  downloadFailed: 'The download failed',
  noMemos: 'No memos yet.',
  noMemosHint: 'Write one with “Create Memo”: what you know, what you decided, who to call.',
  noReports: 'No reports yet.',
  noAnalyses: 'No analysis yet.',
  noAnalysesHint: 'Ask a question in the bar below and Generate an answer from this event’s data.',
  noTimeline: 'Nothing has happened to this event yet.',
  loadingEvents: 'Loading events...',
  noEvent: 'Select an event to see its timeline, analysis, impact and notes.',
  sampleEvents:
    'Memos, reports and analyses are kept for your organization’s own events, which could not be loaded.',
  reportNeedsEditor: 'Only managers and admins can create reports',
  planNeedsEditor: 'Only managers and admins can create plans',
  chooseEvent: 'Select one of your organization’s events first',
} as const;
