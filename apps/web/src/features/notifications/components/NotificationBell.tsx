import { Button } from '@/components/ui/Button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/Popover';
import { queryKeys } from '@/lib/query-keys';
import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useId, useState } from 'react';
import { useUnreadCount } from '../api/get-unread-count';
import { useDesktopAlerts } from '../hooks/use-desktop-alerts';
import { useInboxStream } from '../hooks/use-inbox-stream';
import { NotificationPanel } from './NotificationPanel';
import { bellLabel, unreadBadge } from './unread-badge';

/**
 * The header's bell: the unread count (live, or polled while the stream is down), and a panel of the latest notifications. It
 * also raises desktop notifications for what arrives while Meridian is open.
 */
export function NotificationBell() {
  const queryClient = useQueryClient();
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const state = useUnreadCount(useInboxStream()).data;
  useDesktopAlerts(state);
  const count = state?.unread ?? 0;
  const label = bellLabel(count);
  const badge = unreadBadge(count);

  const openChange = (next: boolean) => {
    setOpen(next);
    // The badge catches up with the list the panel is about to show.
    if (next) void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.unread });
  };

  return (
    <Popover open={open} onOpenChange={openChange}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} title={label} className="relative">
          <Bell aria-hidden="true" className="size-5" />
          {badge ? (
            <span
              aria-hidden="true"
              className="absolute -top-0.5 -right-0.5 h-5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[0.6875rem] leading-5 font-semibold text-white tabular-nums ring-2 ring-surface"
            >
              {badge}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        aria-labelledby={headingId}
        className="w-[min(24rem,calc(100vw-1rem))]"
      >
        <NotificationPanel headingId={headingId} unread={count} onLeave={() => setOpen(false)} />
      </PopoverContent>
    </Popover>
  );
}
