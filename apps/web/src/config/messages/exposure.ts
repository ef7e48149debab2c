export const exposure = {
  summaryFailed: 'Unable to load the exposure counts',
  loadFailed: 'Unable to load the exposure',
  none: 'Nothing of your organization is in reach of this incident.',
  noneNow: 'Nothing of your organization is in reach of this incident now.',
  noLocation: 'This incident has no location or area, so nothing can be matched to it.',
} as const;
