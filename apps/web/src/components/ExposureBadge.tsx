import { exposureText, type ExposureCounts } from '@/entities/exposure/exposure-summary';
import { cn } from '@/utils/cn';
import { Crosshair } from 'lucide-react';

/** "3 suppliers · 41 shipments exposed" on an incident; nothing when nothing is. */
export function ExposureBadge({
  counts,
  className,
}: {
  counts: ExposureCounts | undefined;
  className?: string;
}) {
  const text = exposureText(counts);
  if (!text) return null;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-md bg-red-500/10 px-2 py-0.5 text-xs font-medium text-red-700 dark:text-red-300',
        className,
      )}
    >
      <Crosshair aria-hidden="true" className="size-3.5" />
      {text}
    </span>
  );
}
