import { userRule } from './user-rule.js';

export const user = {
  notFound: 'User not found',
  sessionNotFound: 'Session not found',
  twoFactorOff: 'This member has no two-factor authentication to reset',
  ...userRule,
} as const;
