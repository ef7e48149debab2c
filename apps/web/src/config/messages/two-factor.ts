/** The code step of signing in, and turning 2FA on and off. */
export const twoFactor = {
  verifyFailed: 'Verification failed',
  verifyFailedStatus: (status: number) => `Verification failed (HTTP ${status})`,
  verifyMalformed: 'Verification failed: malformed server response',
  codeInvalid: 'Enter the 6 digits your authenticator app shows',
  recoveryCodeRequired: 'Enter one of your recovery codes',
  disableCodeRequired: 'Enter a code from your app or a recovery code',
  start: 'Failed to start two-factor setup',
  enable: 'Failed to turn on two-factor authentication',
  disable: 'Failed to turn off two-factor authentication',
  recoveryCodesCopied: 'Recovery codes copied',
  qrFailed: 'The QR code could not be drawn: type the key into your app instead.',
} as const;
