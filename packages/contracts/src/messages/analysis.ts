export const analysis = {
  listed: 'Analyses retrieved',
  created: 'Analysis generated',
  empty: 'Ask a question first',
  incidentNotFound: 'Incident not found',
  noModel:
    'No language model is configured: this answer was composed by Meridian’s built-in analyst from the event’s data.',
  modelFailed: (detail: string) => `The language model could not answer: ${detail}`,
  modelTimeout: 'The language model did not answer in time. Try again, or ask a shorter question.',
  busy: (limit: number) =>
    `Your organization already has ${limit} question${limit === 1 ? '' : 's'} with the language model. Try again when one is answered.`,
} as const;
