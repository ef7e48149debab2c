import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { SEVERITY_MAP_COLOR } from '@/entities/incident/incident-display';
import { relativeTime } from '@/lib/relative-time';
import { cn } from '@/utils/cn';
import type { Notification, Severity } from '@meridian/contracts';
import { BellOff, CheckCheck } from 'lucide-react';
import { Link } from 'react-router';
import { useLatestNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-read';
import { useOpenNotification } from '../hooks/use-open-notification';
import * as WEB_MESSAGES from '@/config/messages';

/** A thread's latest changes shown in the panel, newest first; the rest are counted. */
const LINES_SHOWN = 3;

const SEVERITY_LABEL: Record<Severity, string> = {
  CRITICAL: 'Critical',
  HIGH: 'High',
  MEDIUM: 'Medium',
  LOW: 'Low',
};

function NotificationItem({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}) {
  const unread = notification.readAt === null;
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(notification)}
        className={cn(
          'flex w-full items-start gap-3 px-4 py-3 text-left transition-colors',
          'hover:bg-surface-hover focus-visible:bg-surface-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset',
          unread && 'bg-primary/5 dark:bg-primary/10',
        )}
      >
        <span
          aria-hidden="true"
          className="mt-1.5 size-2.5 shrink-0 rounded-full"
          style={{ backgroundColor: SEVERITY_MAP_COLOR[notification.severity] }}
        />
        <span className="min-w-0 flex-1">
          {unread ? <span className="sr-only">Unread: </span> : null}
          <span
            className={cn(
              'block text-sm break-words text-foreground',
              unread ? 'font-semibold' : 'font-normal',
            )}
          >
            {notification.title}
          </span>
          {notification.lines.slice(0, LINES_SHOWN).map((line, index) => (
            <span key={index} className="block text-xs break-words text-muted-foreground">
              {line}
            </span>
          ))}
          {notification.updates > LINES_SHOWN ? (
            <span className="block text-xs text-muted-foreground italic">
              and {notification.updates - LINES_SHOWN} earlier{' '}
              {notification.updates - LINES_SHOWN === 1 ? 'change' : 'changes'}
            </span>
          ) : null}
          <span className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
            {notification.priority ? (
              <>
                <span className="font-medium text-foreground">{notification.priority}</span>
                <span aria-hidden="true">·</span>
              </>
            ) : null}
            <span>{SEVERITY_LABEL[notification.severity]}</span>
            <span aria-hidden="true">·</span>
            {notification.updates > 1 ? (
              <>
                <span>{notification.updates} updates</span>
                <span aria-hidden="true">·</span>
              </>
            ) : null}
            <time
              dateTime={notification.updatedAt}
              title={new Date(notification.updatedAt).toLocaleString()}
            >
              {relativeTime(notification.updatedAt)}
            </time>
          </span>
        </span>
        {unread ? (
          <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" />
        ) : null}
      </button>
    </li>
  );
}

function Empty() {
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
      <BellOff aria-hidden="true" className="size-6 text-muted-foreground" />
      <p className="text-sm font-medium text-foreground">{WEB_MESSAGES.notification.empty}</p>
      <p className="text-xs text-muted-foreground">{WEB_MESSAGES.notification.emptyDetail}</p>
    </div>
  );
}

/** The bell's panel: the latest notifications, unread ones marked, and "Mark all read". */
export function NotificationPanel({
  headingId,
  unread,
  onLeave,
}: {
  headingId: string;
  unread: number;
  /** Closes the panel as the user follows a link out of it. */
  onLeave: () => void;
}) {
  const latest = useLatestNotifications(true);
  const markAll = useMarkAllNotificationsRead();
  const open = useOpenNotification();
  const hasUnread =
    unread > 0 || Boolean(latest.data?.notifications.some((item) => item.readAt === null));

  const openItem = (notification: Notification) => {
    if (notification.link) onLeave();
    open(notification);
  };

  return (
    <div className="flex max-h-[min(34rem,calc(100dvh-5rem))] flex-col">
      <div className="flex items-center justify-between gap-2 border-b border-border py-2 pr-2 pl-4">
        <h2 id={headingId} className="text-base font-semibold">
          Notifications
        </h2>
        <Button
          size="sm"
          variant="ghost"
          disabled={!hasUnread || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          <CheckCheck aria-hidden="true" className="size-4" />
          Mark all read
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {latest.isPending ? (
          <div
            role="status"
            className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground"
          >
            <Spinner className="size-4 text-primary" />
            Loading notifications...
          </div>
        ) : latest.isError ? (
          <div className="p-4">
            <Alert tone="error">{latest.error.message}</Alert>
          </div>
        ) : latest.data.notifications.length === 0 ? (
          <Empty />
        ) : (
          <ul aria-label="Latest notifications" className="divide-y divide-border">
            {latest.data.notifications.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                onOpen={openItem}
              />
            ))}
          </ul>
        )}
      </div>
      <div className="border-t border-border px-4 py-2">
        <Link
          to={paths.admin.notifications.getHref()}
          onClick={onLeave}
          className="rounded-sm text-sm font-medium text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          Notification settings
        </Link>
      </div>
    </div>
  );
}
