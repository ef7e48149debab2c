import { cn } from '@/utils/cn';
import type { ComponentProps } from 'react';

const VARIANTS = {
  primary: 'bg-primary text-primary-foreground hover:bg-primary-hover',
  secondary: 'border border-input bg-surface text-foreground hover:bg-surface-hover',
  ghost: 'text-foreground hover:bg-surface-hover',
  destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive-hover',
} as const;

const SIZES = {
  sm: 'h-8 gap-1.5 px-3 text-sm',
  md: 'h-10 gap-2 px-4 text-sm',
  icon: 'size-9',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;

/** Tailwind classes of a button, also for links that look like buttons. */
export const buttonClasses = (
  variant: ButtonVariant = 'primary',
  size: keyof typeof SIZES = 'md',
) =>
  cn(
    'inline-flex shrink-0 items-center justify-center rounded-md font-medium whitespace-nowrap transition-colors',
    'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none',
    'disabled:pointer-events-none disabled:opacity-60',
    VARIANTS[variant],
    SIZES[size],
  );

type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  size?: keyof typeof SIZES;
};

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={cn(buttonClasses(variant, size), className)} {...props} />;
}
