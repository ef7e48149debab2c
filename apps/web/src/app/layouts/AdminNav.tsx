import { paths } from '@/config/paths';
import { cn } from '@/utils/cn';
import { Activity, ClipboardList, Earth, Lightbulb } from 'lucide-react';
import { Link } from 'react-router';
import { useRouteHandle, type NavItem } from '../routes/route-handle';

const NAV_LINKS = [
  { item: 'atlas', label: 'Atlas', href: paths.admin.atlas.getHref(), Icon: Earth },
  { item: 'events', label: 'Events', href: paths.admin.events.getHref(), Icon: Activity },
  { item: 'insights', label: 'Insights', href: paths.admin.insights.getHref(), Icon: Lightbulb },
  { item: 'plans', label: 'Plans', href: paths.admin.plans.getHref(), Icon: ClipboardList },
] as const satisfies readonly { item: NavItem; label: string; href: string; Icon: unknown }[];

/** The segmented Atlas / Events / Insights / Plans control; the current one is highlighted. */
export function AdminNav({ className }: { className?: string }) {
  const current = useRouteHandle('navItem');
  return (
    <nav aria-label="Main" className={className}>
      <ul className="flex w-full items-center gap-1 rounded-lg border border-border bg-surface-muted p-1">
        {NAV_LINKS.map(({ item, label, href, Icon }) => {
          const active = item === current;
          return (
            <li key={item} className="flex-1 md:flex-none">
              <Link
                to={href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
                  'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  active
                    ? 'bg-surface text-foreground shadow-sm ring-1 ring-border dark:bg-slate-700 dark:ring-slate-600'
                    : 'text-muted-foreground hover:bg-surface-hover hover:text-foreground',
                )}
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
