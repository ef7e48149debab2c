/**
 * A session after it started: whether its user may still hold one, its refresh (the token
 * rotated, a reused token ending the whole session), its idle timeout, and its end.
 */
export const session = {
  deactivated: 'Your account has been deactivated. Contact your administrator.',
  pending: 'Your account is not active yet. Accept your invitation to sign in.',
  organizationDisabled: 'Your organization is disabled',
  invalidRefresh: 'Invalid or expired refresh token',
  idleTimeout: 'You were signed out after 8 hours without activity. Sign in again.',
  listed: 'Sessions retrieved',
  revoked: 'Session revoked',
  othersSignedOut: (ended: number) => `Signed out ${ended} other session${ended === 1 ? '' : 's'}`,
  refreshed: 'Token refreshed',
} as const;
