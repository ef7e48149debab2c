import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';

/** "Load more" under a Suppliers list that has more pages, with how many are shown of all. */
export function LoadMore({
  pages,
  shown,
  total,
}: {
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  shown: number;
  total: number;
}) {
  if (!pages.hasNextPage) return null;
  return (
    <div className="flex flex-col items-center gap-1">
      <Button
        variant="secondary"
        disabled={pages.isFetchingNextPage}
        onClick={() => void pages.fetchNextPage()}
      >
        {pages.isFetchingNextPage ? <Spinner className="size-4" /> : null}
        Load more
      </Button>
      <span className="text-xs text-muted-foreground">
        Showing {shown.toLocaleString('en')} of {total.toLocaleString('en')}
      </span>
    </div>
  );
}
