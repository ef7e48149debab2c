import { cn } from '@/utils/cn';
import type { ComponentProps } from 'react';

/** A multi-line text field that looks like `Input`. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'w-full rounded-md border border-input bg-surface px-3 py-2 text-sm text-foreground shadow-xs',
        'placeholder:text-muted-foreground/80',
        'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none',
        'aria-invalid:border-danger-text aria-invalid:ring-danger-text/30',
        'disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
