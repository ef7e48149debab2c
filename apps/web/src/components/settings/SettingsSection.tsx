import { Card } from '@/components/ui/Card';
import { cn } from '@/utils/cn';
import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';

/** A titled card of a settings screen, named by its heading for assistive technology. */
export function SettingsSection({
  title,
  description,
  Icon,
  actions,
  children,
  className,
}: {
  title: string;
  description?: string;
  Icon?: LucideIcon;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} className={cn('flex flex-col', className)}>
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-border px-4 py-4 sm:px-6">
        <div className="flex min-w-0 items-start gap-3">
          {Icon ? (
            <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
              <Icon aria-hidden="true" className="size-5" />
            </span>
          ) : null}
          <div className="min-w-0">
            <h2 id={headingId} className="text-base font-semibold text-foreground">
              {title}
            </h2>
            {description ? (
              <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>
            ) : null}
          </div>
        </div>
        {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
      </div>
      <div className="px-4 py-4 sm:px-6">{children}</div>
    </Card>
  );
}
