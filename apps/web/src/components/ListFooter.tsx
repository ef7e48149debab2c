import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { useEffect, useRef } from 'react';

type ListFooterProps = {
  /** Items on screen, and how many the list holds in all (null when the reply does not say). */
  shown: number;
  total: number | null;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
};

/**
 * "Showing 50 of 63" (or "Showing 50" without a total) and a Load more button under a paged
 * list. The count is a polite live region, so a screen reader hears how many arrived; when the
 * last page has come and the button goes, the focus moves to the count instead of falling back
 * to the page's top.
 */
export function ListFooter({ shown, total, hasMore, loadingMore, onLoadMore }: ListFooterProps) {
  const count = useRef<HTMLParagraphElement>(null);
  const clicked = useRef(false);

  useEffect(() => {
    if (!hasMore && clicked.current) count.current?.focus();
    clicked.current = false;
  }, [hasMore]);

  return (
    <div className="flex min-h-14 items-center justify-between gap-3 border-t border-border px-5 py-3 text-sm text-muted-foreground">
      <p ref={count} tabIndex={-1} role="status" aria-live="polite" className="outline-none">
        {total === null ? `Showing ${shown}` : `Showing ${shown} of ${total}`}
      </p>
      {hasMore ? (
        <Button
          size="sm"
          variant="secondary"
          aria-busy={loadingMore}
          onClick={() => {
            clicked.current = true;
            if (!loadingMore) onLoadMore();
          }}
        >
          {loadingMore ? <Spinner className="size-4" /> : null}
          Load more
        </Button>
      ) : null}
    </div>
  );
}
