import { cn } from '@/utils/cn';
import { useId } from 'react';

type SegmentedControlProps<T extends string> = {
  /** Names the group for assistive technology, e.g. "Filter by role". */
  label: string;
  value: T;
  onValueChange: (value: T) => void;
  options: readonly { value: T; label: string }[];
  className?: string;
};

/**
 * A short set of exclusive choices shown side by side: native radio buttons, so Tab enters the
 * group once and the arrow keys move the choice, as everywhere else.
 */
export function SegmentedControl<T extends string>({
  label,
  value,
  onValueChange,
  options,
  className,
}: SegmentedControlProps<T>) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={cn(
        'inline-flex h-9 shrink-0 items-stretch rounded-md border border-input bg-surface p-0.5 text-sm',
        className,
      )}
    >
      {options.map((option) => (
        <label
          key={option.value}
          className={cn(
            'relative flex cursor-pointer items-center rounded px-2.5 font-medium whitespace-nowrap text-muted-foreground',
            'hover:text-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
            'has-[:checked]:bg-primary has-[:checked]:text-primary-foreground',
          )}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onValueChange(option.value)}
            className="sr-only"
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}
