import { cn } from '@/utils/cn';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';

type VirtualListProps<T> = {
  items: readonly T[];
  getKey: (item: T) => string;
  /** A first guess of a row's height; rows are measured once drawn. */
  estimateSize: number;
  renderItem: (item: T, index: number) => ReactNode;
  /** The accessible name of the list. */
  label: string;
  className?: string;
  gap?: number;
};

/**
 * A list that scrolls inside its own box and only draws the rows in view, so ten thousand
 * incidents cost what twenty do. Rows keep list semantics with their position in the set.
 */
export function VirtualList<T>({
  items,
  getKey,
  estimateSize,
  renderItem,
  label,
  className,
  gap = 0,
}: VirtualListProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The app does not use the React Compiler; the virtualizer re-renders this list on scroll.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    getItemKey: (index) => getKey(items[index] as T),
    overscan: 6,
    gap,
  });

  return (
    <div ref={scrollRef} className={cn('min-h-0 overflow-y-auto', className)}>
      <ul
        aria-label={label}
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((row) => (
          <li
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            aria-setsize={items.length}
            aria-posinset={row.index + 1}
            className="absolute top-0 left-0 w-full"
            style={{ transform: `translateY(${row.start}px)` }}
          >
            {renderItem(items[row.index] as T, row.index)}
          </li>
        ))}
      </ul>
    </div>
  );
}
