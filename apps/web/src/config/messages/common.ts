import { PRODUCT_NAME } from '../constants';

/** Texts of every screen. */
export const common = {
  loading: `Loading ${PRODUCT_NAME}...`,
  /** Shown when the browser cannot reach the server at all. */
  networkError: 'Cannot reach the server. Check your connection and try again.',
  mapUnavailable: 'Map unavailable',
  /** Feedback of the buttons the spec gives no action yet (Create Plan, Create Memo, ...). */
  comingSoon: 'Coming soon',
} as const;
