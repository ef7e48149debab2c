import type { ReactNode } from 'react';

/** A list of read-only facts, one per row: a term and its value. */
export function DetailList({ children }: { children: ReactNode }) {
  return <dl className="flex flex-col divide-y divide-border">{children}</dl>;
}

export function DetailRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4">
      <dt className="shrink-0 text-sm text-muted-foreground sm:w-48">{term}</dt>
      <dd className="flex min-w-0 flex-wrap items-center gap-2 text-sm text-foreground">
        {children}
      </dd>
    </div>
  );
}
