import { cn } from '@/utils/cn';
import type { ReactNode } from 'react';

/** A legend box over Atlas: a named figure, its caption, and its entries laid out by `className`. */
export function MapLegend({
  label,
  caption,
  className,
  children,
}: {
  /** What the legend explains, for assistive technology ("Incident size by priority"). */
  label: string;
  caption: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <figure
      aria-label={label}
      className={cn(
        'rounded-md border border-border bg-surface/90 px-3 py-2 text-xs text-foreground shadow-sm backdrop-blur',
        className,
      )}
    >
      <figcaption className="self-center font-medium text-muted-foreground">{caption}</figcaption>
      {children}
    </figure>
  );
}
