import type { QueryClient } from '@tanstack/react-query';
import { useMatches } from 'react-router';

export const NAV_ITEMS = ['atlas', 'events', 'insights', 'plans'] as const;
export type NavItem = (typeof NAV_ITEMS)[number];

/**
 * Data a route declares about itself: its document title, the header tab it belongs to, and
 * what its screen loads first (its code, its data), fetched early while a stored session is
 * checked.
 */
export type RouteHandle = {
  title?: string;
  navItem?: NavItem;
  preload?: (queryClient: QueryClient) => void;
};

export const isRouteHandle = (handle: unknown): handle is RouteHandle =>
  typeof handle === 'object' && handle !== null;

/** The handle of the deepest matched route that declares `key`. */
export function useRouteHandle<K extends keyof RouteHandle>(key: K): RouteHandle[K] | undefined {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    if (isRouteHandle(match.handle) && match.handle[key] !== undefined) return match.handle[key];
  }
  return undefined;
}
