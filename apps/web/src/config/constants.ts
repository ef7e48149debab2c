import { LIMITS } from '@meridian/contracts/constants';

export const PRODUCT_NAME = 'Meridian';

export const TOAST_DURATION_MS = 4000;

export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
export const QUERY_MAX_RETRIES = 3;
export const QUERY_RETRY_BASE_DELAY_MS = 1000;
export const QUERY_RETRY_MAX_DELAY_MS = 30_000;

export const EVENTS_POLL_INTERVAL_MS = 15_000;
/** Plans on screen are read again this often, so colleagues' progress shows. */
export const PLANS_POLL_INTERVAL_MS = 30_000;
/** The bell asks for the unread count this often, and again when the window regains focus. */
export const NOTIFICATIONS_POLL_INTERVAL_MS = 30_000;
/** While the live inbox stream is open the bell still checks now and then, in case. */
export const NOTIFICATIONS_LIVE_POLL_INTERVAL_MS = 5 * 60_000;
/** The live inbox stream, when it ends or fails, is asked again after this doubling delay. */
export const INBOX_STREAM_RETRY_MS = { first: 2_000, max: 60_000 } as const;
/** Notifications the bell's panel lists, newest first. */
export const NOTIFICATIONS_PANEL_SIZE = 20;
/** The bell's badge counts up to this, then shows "99+". */
export const NOTIFICATIONS_BADGE_MAX = 99;
/** The integrations' health refreshes this often while shown, their delivery log more often. */
export const INTEGRATIONS_REFRESH_MS = 15_000;
export const DELIVERIES_REFRESH_MS = 5_000;
export const USER_LIST_PAGE_SIZE = LIMITS.userListDefault;
export const ORGANIZATION_LIST_PAGE_SIZE = LIMITS.organizationListDefault;
/** A search waits for this pause in typing before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Team presence from lastLoginAt: active under 5 minutes, away under 60, otherwise offline. */
export const PRESENCE_ACTIVE_MINUTES = 5;
export const PRESENCE_AWAY_MINUTES = 60;

export const MAP_DEFAULT_VIEW = { lat: 20, lng: 0, zoom: 2 } as const;
/** Atlas asks for the shipments of a new view once the map has rested this long after a move. */
export const MAP_VIEW_SETTLE_MS = 300;
/** Zoom after recentring on the organization's address: a bare name (country) or a fuller one. */
export const MAP_ADDRESS_ZOOM = { withoutComma: 4, withComma: 8 } as const;
/** Zoom of the small map on an event page. */
export const EVENT_MAP_ZOOM = 5;
/** Waits before each of the 3 retries of loading the map code and WebGL (spec part 8). */
export const MAP_LOAD_RETRY_DELAYS_MS = [500, 1000, 2000] as const;

export const SIDE_PANEL_WIDTH_PX = { feed: 360, analysis: 420 } as const;

/** How long the Google callback page shows a failure before it returns to the login page. */
export const CALLBACK_FAILURE_REDIRECT_MS = 4000;

/** Browser UI colour per resolved theme (public/theme-init.js repeats these). */
export const THEME_COLORS = { dark: '#1e293b', light: '#ffffff' } as const;

export const GOOGLE_SCOPES = ['openid', 'email', 'profile'] as const;

export const LEGAL_LAST_UPDATED = 'September 2025';
export const CONTACT_EMAILS = {
  privacy: 'privacy@meridian.example',
  legal: 'legal@meridian.example',
} as const;

/** The session-timeout toggle's wording (spec part 9): a toggle only, no timer behind it. */
export const SESSION_TIMEOUT_TEXT = '8 hours of inactivity';

/** Rows per page of the Suppliers screen's lists, and the wait before a search is sent. */
export const SUPPLIERS_PAGE_SIZE = 50;
export const SEARCH_DELAY_MS = 300;
/** Import errors listed at once; the rest are counted. */
export const IMPORT_ISSUES_SHOWN = 200;
/** Rows the import preview shows. */
export const IMPORT_PREVIEW_ROWS = 8;
