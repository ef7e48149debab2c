import { cn } from '@/utils/cn';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type ReactNode } from 'react';

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
  /** Called when the last rows come into view: the moment to load the next page. */
  onEndReached?: () => void;
  /** Shown after the last row (e.g. "loading more"). */
  footer?: ReactNode;
};

/** How close to the end (in rows) counts as reaching it. */
const END_THRESHOLD_ROWS = 5;

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
  onEndReached,
  footer,
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

  const virtualRows = virtualizer.getVirtualItems();
  const lastShown = virtualRows.at(-1)?.index ?? -1;
  const reachedEnd = items.length > 0 && lastShown >= items.length - END_THRESHOLD_ROWS;
  const latestOnEnd = useRef(onEndReached);
  useEffect(() => {
    latestOnEnd.current = onEndReached;
  });
  useEffect(() => {
    if (reachedEnd) latestOnEnd.current?.();
  }, [reachedEnd, items.length]);

  return (
    <div ref={scrollRef} className={cn('min-h-0 overflow-y-auto', className)}>
      <ul
        aria-label={label}
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualRows.map((row) => (
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
      {footer}
    </div>
  );
}
