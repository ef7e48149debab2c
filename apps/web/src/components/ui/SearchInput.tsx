import { cn } from '@/utils/cn';
import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';

type SearchInputProps = Omit<ComponentProps<'input'>, 'type' | 'onChange' | 'value'> & {
  /** The accessible name, e.g. "Search members". */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
};

/** A search box with its magnifier; Escape clears it, as in the browser's own search fields. */
export function SearchInput({
  label,
  value,
  onValueChange,
  className,
  ...props
}: SearchInputProps) {
  return (
    <div className={cn('relative', className)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <input
        type="search"
        aria-label={label}
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value) {
            event.preventDefault();
            onValueChange('');
          }
        }}
        className={cn(
          'h-9 w-full rounded-md border border-input bg-surface pr-3 pl-9 text-sm text-foreground shadow-xs',
          'placeholder:text-muted-foreground/80',
          'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none',
        )}
        {...props}
      />
    </div>
  );
}
