export const assessment = {
  loadFailed: 'Unable to load the assessments',
  saveFailed: 'Unable to save the assessment',
} as const;
