/** How often a health table (data sources, background work) refreshes while it is open. */
export const HEALTH_REFRESH_MS = 15_000;
