import type { Scope } from '@meridian/contracts';
import { SCOPES } from '@meridian/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { isAtlasListOf } from './query-keys';

export const isScope = (value: unknown): value is Scope => SCOPES.some((scope) => scope === value);

/**
 * The ORG / GLOBAL choice of a screen, ORG first. Switching reloads the data of the scope
 * switched to (spec part 4), even when a recent copy is cached: it stays on screen meanwhile.
 */
export function useScopeState(): [Scope, (scope: Scope) => void] {
  const [scope, setScope] = useState<Scope>('ORG');
  const queryClient = useQueryClient();
  const changeScope = useCallback(
    (next: Scope) => {
      if (next === scope) return;
      void queryClient.invalidateQueries({
        predicate: (query) => isAtlasListOf(query.queryKey, next),
      });
      setScope(next);
    },
    [queryClient, scope],
  );
  return [scope, changeScope];
}
