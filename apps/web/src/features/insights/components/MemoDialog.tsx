import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/utils/cn';
import { zodResolver } from '@hookform/resolvers/zod';
import { INSIGHTS_LIMITS, MemoInput, type Memo } from '@meridian/contracts';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useCreateMemo } from '../api/create-memo';
import { useUpdateMemo } from '../api/update-memo';
import { MarkdownText } from '@/components/MarkdownText';

type MemoDialogProps = { onClose: () => void; onSaved: (memo: Memo) => void } & (
  | { incidentId: string; memo?: undefined }
  /** Editing: the memo as last read, whose `updatedAt` the save sends. */
  | { memo: Memo; incidentId?: undefined }
);

/**
 * Writes a new memo on the event, or a new text for one: Markdown beside its preview. A memo
 * changed by someone else meanwhile is refused (409), said above the form, and read again, so
 * saving once more replaces their text knowingly.
 */
export function MemoDialog({ incidentId, memo, onClose, onSaved }: MemoDialogProps) {
  const create = useCreateMemo();
  const update = useUpdateMemo();
  const save = memo ? update : create;
  const form = useForm<MemoInput>({
    resolver: zodResolver(MemoInput),
    defaultValues: { body: memo?.body ?? '' },
  });
  const body = useWatch({ control: form.control, name: 'body' });
  const error = form.formState.errors.body?.message;
  const fieldId = useId();

  const submit = form.handleSubmit((values) => {
    if (memo) {
      update.mutate(
        { memo, change: { body: values.body, updatedAt: memo.updatedAt } },
        { onSuccess: onSaved },
      );
    } else if (incidentId) {
      create.mutate({ incidentId, input: values }, { onSuccess: onSaved });
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={memo ? 'Edit memo' : 'Create a memo'}
      description="A note on this event for your organization. Markdown works: **bold**, lists, links."
      size="xl"
    >
      <form
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-4"
        noValidate
        aria-label={memo ? 'Edit memo' : 'New memo'}
      >
        {save.error ? <Alert tone="error">{save.error.message}</Alert> : null}
        <div className="grid gap-4 md:grid-cols-2">
          <div className="flex min-w-0 flex-col gap-1.5">
            <label htmlFor={fieldId} className="text-sm font-medium text-foreground">
              Memo
            </label>
            <textarea
              id={fieldId}
              rows={12}
              maxLength={INSIGHTS_LIMITS.memoBody}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${fieldId}-error` : `${fieldId}-count`}
              placeholder="What do you know? What was decided, and who follows up?"
              className={cn(
                'min-h-56 w-full resize-y rounded-md border border-input bg-surface px-3 py-2 font-mono text-sm text-foreground',
                'placeholder:text-muted-foreground/80',
                'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none',
                'aria-invalid:border-danger-text',
              )}
              {...form.register('body')}
            />
            {error ? (
              <p id={`${fieldId}-error`} className="text-sm text-danger-text">
                {error}
              </p>
            ) : (
              <p id={`${fieldId}-count`} className="text-xs text-muted-foreground tabular-nums">
                {body.length.toLocaleString('en')} / {INSIGHTS_LIMITS.memoBody.toLocaleString('en')}{' '}
                characters
              </p>
            )}
          </div>
          <section aria-labelledby={`${fieldId}-preview`} className="flex min-w-0 flex-col gap-1.5">
            <h3 id={`${fieldId}-preview`} className="text-sm font-medium text-foreground">
              Preview
            </h3>
            <div className="min-h-56 overflow-y-auto rounded-md border border-dashed border-border bg-surface-muted/40 px-3 py-2 md:max-h-[19.5rem]">
              {body.trim() ? (
                <MarkdownText text={body} />
              ) : (
                <p className="text-sm text-muted-foreground">Nothing to preview yet.</p>
              )}
            </div>
          </section>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner className="size-4" /> : null}
            {memo ? 'Save memo' : 'Create memo'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
