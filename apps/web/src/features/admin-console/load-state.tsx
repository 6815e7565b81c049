import type { ReactNode } from 'react';

import { Button } from '../../components/ui/button';
import { ADMIN_TEXT } from './admin-console.constants';

type QueryLike<T> = {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  isFetching: boolean;
  refetch: () => unknown;
};

/** A list's loading, failure (with retry) and loaded states, alike across the console. */
export function LoadState<T>({
  query,
  children,
}: {
  query: QueryLike<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    return (
      <div role="alert" className="flex items-center gap-3 text-sm text-red-700">
        {ADMIN_TEXT.loadError}
        <Button
          variant="outline"
          size="sm"
          disabled={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {ADMIN_TEXT.retry}
        </Button>
      </div>
    );
  }
  return (
    <div
      role="status"
      aria-label={ADMIN_TEXT.loading}
      className="h-24 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none"
    />
  );
}
