import { Button } from '@/components/ui/Button';
import { formatDateTime } from '@/utils/format';
import type { Memo } from '@meridian/contracts';
import { History, Pencil, Trash2 } from 'lucide-react';
import { MarkdownText } from '@/components/MarkdownText';

const nameOf = (person: Memo['author']) => person?.name ?? 'A former member';

/**
 * One memo: its Markdown, its author and time, and once edited who edited it last with the
 * earlier texts behind a disclosure. Edit and Remove are offered to those who may use them.
 */
export function MemoCard({
  memo,
  canChange,
  onEdit,
  onRemove,
}: {
  memo: Memo;
  canChange: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const edited = memo.revisions.length > 0;
  const author = nameOf(memo.author);
  return (
    <li>
      <article
        aria-label={`Memo by ${author}`}
        className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-4"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <p className="text-xs text-muted-foreground">
            <span className="font-medium text-foreground">{author}</span> ·{' '}
            <time dateTime={memo.createdAt}>{formatDateTime(memo.createdAt)}</time>
            {edited ? (
              <>
                {' '}
                · edited
                {memo.editor && memo.editor.id !== memo.author?.id
                  ? ` by ${memo.editor.name}`
                  : null}{' '}
                <time dateTime={memo.updatedAt}>{formatDateTime(memo.updatedAt)}</time>
              </>
            ) : null}
          </p>
          {canChange ? (
            <div className="flex gap-1">
              <Button variant="ghost" size="sm" className="h-7 px-2" onClick={onEdit}>
                <Pencil aria-hidden="true" className="size-3.5" />
                Edit<span className="sr-only"> memo by {author}</span>
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="h-7 px-2 text-danger-text"
                onClick={onRemove}
              >
                <Trash2 aria-hidden="true" className="size-3.5" />
                Remove<span className="sr-only"> memo by {author}</span>
              </Button>
            </div>
          ) : null}
        </div>
        <MarkdownText text={memo.body} />
        {edited ? (
          <details className="rounded-md border border-border bg-surface-muted/40 px-3 py-2">
            <summary className="flex cursor-pointer items-center gap-1.5 text-xs font-medium text-muted-foreground">
              <History aria-hidden="true" className="size-3.5" />
              History: {memo.revisions.length} earlier{' '}
              {memo.revisions.length === 1 ? 'version' : 'versions'}
            </summary>
            <ol aria-label="Earlier versions" className="mt-2 flex flex-col gap-3">
              {memo.revisions.map((revision, index) => (
                <li
                  key={`${revision.replacedAt}-${index}`}
                  className="border-l-2 border-border pl-3"
                >
                  <p className="text-xs text-muted-foreground">
                    Written by {nameOf(revision.editor)}, replaced{' '}
                    <time dateTime={revision.replacedAt}>
                      {formatDateTime(revision.replacedAt)}
                    </time>
                  </p>
                  <MarkdownText text={revision.body} className="text-muted-foreground" />
                </li>
              ))}
            </ol>
          </details>
        ) : null}
      </article>
    </li>
  );
}
