import { Alert } from '@/components/ui/Alert';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { SectionSpinner } from '@/components/ui/Spinner';
import type { Memo } from '@meridian/contracts';
import { NotebookPen } from 'lucide-react';
import { useState } from 'react';
import { useDeleteMemo } from '../api/delete-memo';
import { useMemos } from '../api/get-memos';
import { useInsightsPermissions } from '../hooks/use-insights-permissions';
import { MemoCard } from './MemoCard';
import { MemoDialog } from './MemoDialog';
import * as WEB_MESSAGES from '@/config/messages';

/** The event's memos, newest first, each editable by its author, a manager or an admin. */
export function NotesTab({ incidentId }: { incidentId: string }) {
  const memos = useMemos(incidentId);
  const remove = useDeleteMemo();
  const { canChangeMemo } = useInsightsPermissions();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Memo | null>(null);
  // The copy in the list, so a save after a conflict sends the version read since.
  const editing = memos.data?.find((memo) => memo.id === editingId);

  if (memos.isPending) return <SectionSpinner label="Loading memos..." />;
  if (memos.isError) return <Alert tone="error">{memos.error.message}</Alert>;
  return (
    <>
      {memos.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-6 text-center">
          <NotebookPen aria-hidden="true" className="size-7 text-muted-foreground/60" />
          <p className="text-sm text-muted-foreground">{WEB_MESSAGES.insights.noMemos}</p>
          <p className="text-xs text-muted-foreground">{WEB_MESSAGES.insights.noMemosHint}</p>
        </div>
      ) : (
        <ul aria-label="Memos" className="flex flex-col gap-3">
          {memos.data.map((memo) => (
            <MemoCard
              key={memo.id}
              memo={memo}
              canChange={canChangeMemo(memo)}
              onEdit={() => setEditingId(memo.id)}
              onRemove={() => setRemoving(memo)}
            />
          ))}
        </ul>
      )}
      {editing ? (
        <MemoDialog
          memo={editing}
          onClose={() => setEditingId(null)}
          onSaved={() => setEditingId(null)}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title="Remove this memo?"
        description="The memo and its earlier versions are removed for everyone in your organization."
        confirmLabel="Remove memo"
        confirmVariant="destructive"
        onConfirm={() => {
          if (removing) remove.mutate(removing);
          setRemoving(null);
        }}
      />
    </>
  );
}
