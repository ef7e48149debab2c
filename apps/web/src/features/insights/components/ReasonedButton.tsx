import { Button } from '@/components/ui/Button';
import { toast } from '@/lib/toast';
import { cn } from '@/utils/cn';
import type { ComponentProps } from 'react';

/**
 * A button that stays in view when it cannot be used, saying why: aria-disabled (not
 * disabled) keeps it focusable, its title and a click tell the reason.
 */
export function ReasonedButton({
  reason,
  onClick,
  className,
  ...props
}: ComponentProps<typeof Button> & { reason: string | null }) {
  if (!reason) return <Button onClick={onClick} className={className} {...props} />;
  return (
    <Button
      {...props}
      aria-disabled="true"
      title={reason}
      onClick={() => toast(reason)}
      className={cn('cursor-not-allowed opacity-60', className)}
    />
  );
}
