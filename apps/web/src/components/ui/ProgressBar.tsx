import { cn } from '@/utils/cn';

/**
 * A labelled progress bar; without a value it is indeterminate (work under way, amount
 * unknown) and shows a moving band.
 */
export function ProgressBar({
  label,
  value,
  max = 1,
  detail,
  className,
}: {
  label: string;
  /** null: indeterminate. */
  value: number | null;
  max?: number;
  /** Shown under the bar, e.g. "4.2 of 16 MB". */
  detail?: string;
  className?: string;
}) {
  const share = value === null || max <= 0 ? null : Math.min(1, Math.max(0, value / max));
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium">{label}</span>
        {share !== null ? (
          <span className="text-muted-foreground tabular-nums">{Math.round(share * 100)}%</span>
        ) : null}
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={share === null ? undefined : Math.round(share * 100)}
        aria-valuetext={detail}
        className="relative h-2 overflow-hidden rounded-full bg-border"
      >
        <div
          className={cn(
            'absolute inset-y-0 left-0 rounded-full bg-primary',
            share === null
              ? 'w-1/3 animate-[progress-slide_1.2s_ease-in-out_infinite] motion-reduce:animate-none'
              : 'transition-[width] duration-200',
          )}
          style={share === null ? undefined : { width: `${share * 100}%` }}
        />
      </div>
      {detail ? <span className="text-xs text-muted-foreground tabular-nums">{detail}</span> : null}
    </div>
  );
}
