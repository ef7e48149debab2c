import { INBOX_STREAM_RETRY_MS } from '@/config/constants';
import { authenticatedFetch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { createSseParser } from '@/lib/sse';
import { UnreadResponse } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

const Bell = UnreadResponse.shape.data;

/** How long to wait before asking again: the server's Retry-After, else the doubling delay. */
const waitAfter = (response: Response | null, delayMs: number) => {
  const seconds = Number(response?.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : delayMs;
};

/**
 * Keeps the bell live: the server's inbox stream sends the user's unread count and latest
 * alerted change at once and after each change to their threads, which becomes the bell's data
 * (and refreshes any list of notifications on screen). When the stream ends or fails it is
 * opened again after a doubling delay (an expired token is refreshed on the way; a session
 * that ended signs the user out). Answers whether the stream is open: while it is not, the bell
 * polls.
 */
export function useInboxStream(): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    let delayMs: number = INBOX_STREAM_RETRY_MS.first;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const received = (data: string) => {
      const bell = Bell.safeParse(JSON.parse(data));
      if (!bell.success) return;
      queryClient.setQueryData(queryKeys.notifications.unread, bell.data);
      void queryClient.invalidateQueries({
        queryKey: queryKeys.notifications.all,
        predicate: (query) => query.queryKey[1] !== queryKeys.notifications.unread[1],
      });
      delayMs = INBOX_STREAM_RETRY_MS.first;
      setLive(true);
    };

    const connect = async () => {
      let response: Response | null = null;
      try {
        response = await authenticatedFetch('/notifications/stream', {
          headers: { Accept: 'text/event-stream' },
          signal: abort.signal,
        });
        if (response.ok && response.body) {
          const parser = createSseParser();
          const reader = response.body.getReader();
          for (;;) {
            const { done, value } = await reader.read();
            for (const event of done ? parser.end() : parser.push(value)) {
              if (event.event === 'inbox') received(event.data);
            }
            if (done) break;
          }
        }
      } catch {
        // A lost connection, an ended session (signed out by the client), or this page leaving.
      }
      if (abort.signal.aborted) return;
      setLive(false);
      timer = setTimeout(() => void connect(), waitAfter(response, delayMs));
      delayMs = Math.min(delayMs * 2, INBOX_STREAM_RETRY_MS.max);
    };

    void connect();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [queryClient]);

  return live;
}
