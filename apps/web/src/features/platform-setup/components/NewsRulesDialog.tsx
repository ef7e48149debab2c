import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { FormField } from '@/components/ui/FormField';
import type { Source } from '@meridian/contracts';
import { useState } from 'react';
import { useUpdateSource } from '../api/update-source';
import { rulesToText, textToRules } from './news-rules';

export const rulesTextareaClasses =
  'w-full rounded-md border border-input bg-surface px-3 py-2 font-mono text-xs text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

export const RULES_HINT =
  'One rule per line: an incident type, a colon, then keywords separated by commas. An item whose title or summary holds a keyword becomes an unverified incident of that type.';

/** A news source's keyword rules, edited as lines of text. */
export function NewsRulesDialog({ source, onClose }: { source: Source; onClose: () => void }) {
  const update = useUpdateSource();
  const [text, setText] = useState(rulesToText(source.rules ?? []));
  const [error, setError] = useState<string>();
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = textToRules(text);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    await update
      .mutateAsync({ id: source.id, change: { rules: parsed.rules } })
      .then(onClose, (failure: unknown) => setError((failure as Error).message));
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="News rules"
      description={source.name}
    >
      <form onSubmit={save} className="flex flex-col gap-4" noValidate>
        <FormField label="Keyword rules" error={error} hint={RULES_HINT}>
          <textarea
            rows={8}
            value={text}
            onChange={(change) => {
              setText(change.target.value);
              setError(undefined);
            }}
            className={rulesTextareaClasses}
            spellCheck={false}
          />
        </FormField>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            Save rules
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
