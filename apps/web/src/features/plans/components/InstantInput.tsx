import { Input } from '@/components/ui/Input';
import { fromLocalInput, toLocalInput } from '@/utils/datetime-local';
import { useDraft } from '../hooks/use-draft';

/**
 * A date and time saved in place: sent when the field is left or Enter is pressed (each key
 * stroke in a date field is no change yet), and once only while the save is under way.
 */
export function InstantInput({
  label,
  value,
  pending,
  onSave,
  className,
}: {
  label: string;
  value: string | null;
  pending: boolean;
  onSave: (value: string | null) => void;
  className?: string;
}) {
  const saved = toLocalInput(value);
  const [draft, setDraft] = useDraft(saved);
  const commit = () => {
    if (!pending && draft !== saved) onSave(fromLocalInput(draft));
  };
  return (
    <Input
      type="datetime-local"
      aria-label={label}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      className={className}
    />
  );
}
