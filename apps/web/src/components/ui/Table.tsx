import { cn } from '@/utils/cn';
import type { ReactNode } from 'react';

export type TableColumn = {
  label: string;
  /** Read to screen readers only, e.g. over a column of row actions. */
  srOnly?: boolean;
  /** This header cell's own classes (alignment, padding). */
  className?: string;
};

const LOOKS = {
  /** A tinted upper-case header band, for a screen's list of records. */
  band: {
    head: 'bg-background/40 text-xs text-muted-foreground uppercase',
    headRow: undefined,
    cell: 'px-4 py-2 font-medium',
  },
  /** A header row ruled off from the body, for a table inside a card or section. */
  ruled: {
    head: 'text-muted-foreground',
    headRow: 'border-b border-border',
    cell: 'py-2 pr-3 font-medium',
  },
} as const;

type TableProps = {
  /** The header cells, each a column header (`scope="col"`). */
  columns: readonly (string | TableColumn)[];
  /** The body rows; a row naming its record starts with `<th scope="row">`. */
  children: ReactNode;
  look?: keyof typeof LOOKS;
  /** Read to screen readers only; a table under a heading of its own may leave it out. */
  caption?: string;
  /** Names the scrolling container and lets the keyboard focus it, to scroll a wide table. */
  scrollLabel?: string;
  /** Classes of the scrolling container. */
  className?: string;
  tableClassName?: string;
  headClassName?: string;
  bodyClassName?: string;
};

const columnOf = (column: string | TableColumn): TableColumn =>
  typeof column === 'string' ? { label: column } : column;

/** A data table that scrolls sideways when it is wider than its container. */
export function Table({
  columns,
  children,
  look = 'band',
  caption,
  scrollLabel,
  className,
  tableClassName,
  headClassName,
  bodyClassName,
}: TableProps) {
  const styles = LOOKS[look];
  return (
    <div
      role={scrollLabel ? 'region' : undefined}
      aria-label={scrollLabel}
      tabIndex={scrollLabel ? 0 : undefined}
      className={cn(
        'overflow-x-auto',
        scrollLabel && 'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        className,
      )}
    >
      <table className={cn('w-full text-left text-sm', tableClassName)}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className={cn(styles.head, headClassName)}>
          <tr className={styles.headRow}>
            {columns.map(columnOf).map(({ label, srOnly, className: cellClassName }) => (
              <th key={label} scope="col" className={cn(styles.cell, cellClassName)}>
                {srOnly ? <span className="sr-only">{label}</span> : label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={bodyClassName}>{children}</tbody>
      </table>
    </div>
  );
}
