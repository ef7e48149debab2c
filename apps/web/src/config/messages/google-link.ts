export const googleLink = {
  exchangeFailedStatus: (status: number) => `Google login failed (HTTP ${status})`,
  exchangeMalformed: 'Google login failed: malformed server response',
  failed: 'Linking Google failed',
  failedStatus: (status: number) => `Linking Google failed (HTTP ${status})`,
} as const;
