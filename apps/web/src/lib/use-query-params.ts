import { SEARCH_DEBOUNCE_MS } from '@/config/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The URL's query string as a screen's view state (search, filters, sort): reloadable,
 * shareable, undone with Back. A change replaces the history entry rather than adding one
 * per key stroke or click.
 */
export function useQueryParams() {
  const [params, setSearchParams] = useSearchParams();
  // The setter of the latest render: a change made while a search was pending must survive it.
  const latest = useRef(setSearchParams);
  useEffect(() => {
    latest.current = setSearchParams;
  }, [setSearchParams]);

  /** Several parameters in one change (separate calls in one event would undo each other). */
  const setParams = useCallback((changes: Record<string, string | undefined>) => {
    latest.current(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );
  }, []);

  const setParam = useCallback(
    (name: string, value: string | undefined) => setParams({ [name]: value }),
    [setParams],
  );

  return { params, setParam, setParams };
}

/**
 * A search box kept in the query string (`?q=`). `text` follows every key stroke; the URL, and
 * `search` read from it, follow once typing pauses, so one request goes out per pause.
 */
export function useSearchTextParam(name = 'q') {
  const { params, setParam } = useQueryParams();
  const search = params.get(name)?.trim() ?? '';
  const [text, setText] = useState(search);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Back, Forward or a link changed the search: show it (a search being typed stays as typed).
  const [shown, setShown] = useState(search);
  if (shown !== search) {
    setShown(search);
    if (text.trim() !== search) setText(search);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setParam(name, value.trim() || undefined), SEARCH_DEBOUNCE_MS);
  };

  return { text, change, search };
}
