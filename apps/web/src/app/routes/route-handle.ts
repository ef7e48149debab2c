import { useMatches } from 'react-router';

export const NAV_ITEMS = ['atlas', 'events', 'insights', 'plans'] as const;
export type NavItem = (typeof NAV_ITEMS)[number];

/** Data a route declares about itself: its document title and the header tab it belongs to. */
export type RouteHandle = { title?: string; navItem?: NavItem };

const isRouteHandle = (handle: unknown): handle is RouteHandle =>
  typeof handle === 'object' && handle !== null;

/** The handle of the deepest matched route that declares `key`. */
export function useRouteHandle<K extends keyof RouteHandle>(key: K): RouteHandle[K] | undefined {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    if (isRouteHandle(match.handle) && match.handle[key] !== undefined) return match.handle[key];
  }
  return undefined;
}
