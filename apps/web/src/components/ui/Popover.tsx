import { cn } from '@/utils/cn';
import * as PopoverPrimitive from '@radix-ui/react-popover';
import type { ComponentProps } from 'react';

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;
export const PopoverClose = PopoverPrimitive.Close;

/**
 * A non-modal panel beside its trigger (role="dialog"): focus moves into it on open, Escape or
 * a click outside closes it and focus returns to the trigger. Name it with aria-labelledby.
 */
export function PopoverContent({
  className,
  sideOffset = 6,
  collisionPadding = 8,
  ...props
}: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        className={cn(
          'z-50 rounded-lg border border-border bg-surface text-foreground shadow-lg focus:outline-none',
          className,
        )}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
