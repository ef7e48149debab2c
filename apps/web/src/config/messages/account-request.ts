/** The account request form's failures. */
export const accountRequest = {
  failed: 'Account request failed',
  failedStatus: (status: number) => `Account request failed (HTTP ${status})`,
} as const;
