import { cn } from '@/utils/cn';
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';

const TONES = {
  error: {
    classes: 'border-danger-border bg-danger-surface text-danger-text',
    Icon: CircleAlert,
    role: 'alert',
  },
  success: {
    classes: 'border-success-border bg-success-surface text-success-text',
    Icon: CircleCheck,
    role: 'status',
  },
} as const;

/** An inline message box; errors are announced at once, successes politely. */
export function Alert({
  tone,
  children,
  className,
}: {
  tone: keyof typeof TONES;
  children: ReactNode;
  className?: string;
}) {
  const { classes, Icon, role } = TONES[tone];
  return (
    <div
      role={role}
      className={cn(
        'flex items-start gap-2 rounded-md border px-3 py-2.5 text-sm',
        classes,
        className,
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
