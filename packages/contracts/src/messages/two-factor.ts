export const twoFactor = {
  challenge: 'Enter the code from your authenticator app',
  googleOnly: 'This account signs in with Google, which checks its second factor',
  alreadyOn: 'Two-factor authentication is already on',
  notStarted: 'Start the setup again: no authenticator app is waiting to be confirmed',
  notOn: 'Two-factor authentication is not on',
  wrongCode: 'That code is not right. Check your authenticator app and try again.',
  wrongRecoveryCode: 'That recovery code is not right, or it was used already',
  replayedCode: 'That code was used already. Wait for the next one.',
  wrongPassword: 'Current password is incorrect',
  challengeExpired: 'This sign-in has expired. Sign in with your password again.',
  tooManyTries: 'Too many wrong codes. Sign in with your password again.',
} as const;
