export type { EventFilters, EventSort } from '@/entities/incident/incident-pages';
import { EVENT_SORTS, filterQuery, type EventFilters } from '@/entities/incident/incident-pages';
import { isAtlasListOf } from '@/lib/query-keys';
import { isScope } from '@/lib/scope-state';
import { useQueryClient } from '@tanstack/react-query';
import type { IncidentType } from '@meridian/contracts';
import {
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
  PRIORITY_FILTERS,
  SEVERITIES,
} from '@meridian/contracts/constants';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

const listOf = <T extends string>(value: string | null, allowed: readonly T[]): T[] =>
  (value ?? '')
    .split(',')
    .filter((part): part is T => (allowed as readonly string[]).includes(part));

/**
 * The Events screen's scope, filters, search and sort, kept in the URL: a filtered view can be
 * bookmarked, shared and reloaded. Unknown values in the URL are ignored.
 */
export function useEventFilters(): [EventFilters, (change: Partial<EventFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo((): EventFilters => {
    const scope = params.get('scope');
    const type = params.get('type');
    return {
      scope: isScope(scope) ? scope : 'ORG',
      severity: listOf(params.get('severity'), SEVERITIES),
      status: listOf(params.get('status'), INCIDENT_STATUSES),
      type: (INCIDENT_TYPES as readonly string[]).includes(type ?? '')
        ? (type as IncidentType)
        : null,
      q: params.get('q') ?? '',
      sort: listOf(params.get('sort'), EVENT_SORTS)[0] ?? 'updatedAt',
      exposed: params.get('exposed') === 'true',
      priority: listOf(params.get('priority'), PRIORITY_FILTERS),
    };
  }, [params]);
  const queryClient = useQueryClient();
  const update = useCallback(
    (change: Partial<EventFilters>) => {
      // Switching scope reloads the scope switched to (spec part 4), even when it is cached.
      const scope = change.scope;
      if (scope && scope !== filters.scope) {
        void queryClient.invalidateQueries({
          predicate: (query) => isAtlasListOf(query.queryKey, scope),
        });
      }
      const next = filterQuery({ ...filters, ...change });
      if (next.get('scope') === 'ORG') next.delete('scope');
      setParams(next, { replace: true });
    },
    [filters, setParams, queryClient],
  );
  return [filters, update];
}
