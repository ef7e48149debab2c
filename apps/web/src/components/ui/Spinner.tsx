import { cn } from '@/utils/cn';
import { LoaderCircle } from 'lucide-react';

export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn('size-5 animate-spin', className)} />;
}

/** Fills the viewport while something the whole page depends on is loading. */
export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background text-muted-foreground"
    >
      <Spinner className="size-8 text-primary" />
      <p className="text-sm font-medium">{label}</p>
    </div>
  );
}

/** A spinner for a region of a page, e.g. while a lazily loaded screen arrives. */
export function SectionSpinner({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex flex-1 items-center justify-center gap-3 py-16 text-muted-foreground"
    >
      <Spinner className="text-primary" />
      <span className="text-sm">{label}</span>
    </div>
  );
}
