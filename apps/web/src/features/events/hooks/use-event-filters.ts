import { isAtlasListOf } from '@/lib/query-keys';
import { isScope } from '@/lib/scope-state';
import { useQueryClient } from '@tanstack/react-query';
import type { IncidentStatus, IncidentType, Scope, Severity } from '@meridian/contracts';
import { INCIDENT_STATUSES, INCIDENT_TYPES, SEVERITIES } from '@meridian/contracts/constants';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type EventSort = 'updatedAt' | 'severity';

export type EventFilters = {
  scope: Scope;
  severity: Severity[];
  status: IncidentStatus[];
  type: IncidentType | null;
  q: string;
  sort: EventSort;
  /** Only incidents that reach something of the organization. */
  exposed: boolean;
};

const listOf = <T extends string>(value: string | null, allowed: readonly T[]): T[] =>
  (value ?? '')
    .split(',')
    .filter((part): part is T => (allowed as readonly string[]).includes(part));

/** The filters as the API's query string (scope last, paging added by the caller). */
export function filterQuery(filters: EventFilters): URLSearchParams {
  const query = new URLSearchParams({ scope: filters.scope });
  if (filters.severity.length) query.set('severity', filters.severity.join(','));
  if (filters.status.length) query.set('status', filters.status.join(','));
  if (filters.type) query.set('type', filters.type);
  if (filters.q.trim()) query.set('q', filters.q.trim());
  if (filters.sort !== 'updatedAt') query.set('sort', filters.sort);
  if (filters.exposed) query.set('exposed', 'true');
  return query;
}

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
      sort: params.get('sort') === 'severity' ? 'severity' : 'updatedAt',
      exposed: params.get('exposed') === 'true',
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
