export const job = {
  listed: 'Jobs retrieved',
} as const;
