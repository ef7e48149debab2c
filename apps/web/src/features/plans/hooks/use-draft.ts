import { useState } from 'react';

/**
 * A server value edited in place: the draft starts from it and follows it when the server's
 * value changes (a save, a colleague's change), so a field never shows a stale value.
 */
export function useDraft(value: string) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  return [draft, setDraft] as const;
}
