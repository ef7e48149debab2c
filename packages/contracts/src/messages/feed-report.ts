export const feedReport = {
  notFound: 'Report not found',
  platformOnly: 'Only platform staff split the reports of an incident',
  primary: 'The first report is the incident itself: split the others from it',
  split: 'Report split into an incident of its own',
} as const;
