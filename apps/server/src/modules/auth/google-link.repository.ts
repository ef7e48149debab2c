import { oneTimeChallenges } from '../../db/one-time-challenges.js';
import { googleLinkChallenges } from '../../db/schema.js';

/** The pending password confirmations of first Google sign-ins. */
export const googleLinkRepository = oneTimeChallenges(googleLinkChallenges);
