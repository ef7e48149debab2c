export const auth = {
  invalidCredentials: 'Invalid email or password',
  tokenValid: 'Token is valid',
  loggedOut: 'Logged out',
} as const;
