export const exposure = {
  retrieved: 'Exposure retrieved',
  summaryRetrieved: 'Exposure summary retrieved',
} as const;
