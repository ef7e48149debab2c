import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from './ui/Alert';
import { SectionSpinner } from './ui/Spinner';

/** A spinner while a query loads, its error inline if it fails, else the content for its data. */
export function QueryState<T>({
  query,
  loadingLabel,
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <SectionSpinner label={loadingLabel} />;
  if (query.isError) return <Alert tone="error">{query.error.message}</Alert>;
  return children(query.data);
}
