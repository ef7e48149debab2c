export const auth = {
  invalidCredentials: 'Invalid email or password',
} as const;
