import { useCallback, useState } from 'react';
import { toast } from '@/lib/toast';

/** The login screen shows each error both inline and as a toast (spec part 8). */
export function useSignInError() {
  const [error, setError] = useState<string | null>(null);
  const report = useCallback((message: string) => {
    setError(message);
    toast.error(message);
  }, []);
  const clear = useCallback(() => setError(null), []);
  return { error, report, clear };
}

export const messageOf = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;
