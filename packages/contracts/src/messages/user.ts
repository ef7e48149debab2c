import { userRule } from './user-rule.js';

export const user = {
  notFound: 'User not found',
  sessionNotFound: 'Session not found',
  twoFactorOff: 'This member has no two-factor authentication to reset',
  ...userRule,
  listed: 'Users retrieved',
  retrieved: 'User retrieved',
  updated: 'User updated',
  deleted: 'User deleted',
  twoFactorRetrieved: 'Two-factor status retrieved',
  twoFactorReset: 'Two-factor authentication reset',
} as const;
