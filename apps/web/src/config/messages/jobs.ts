export const jobs = {
  loadFailed: 'Unable to load the background work',
} as const;
