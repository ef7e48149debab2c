import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Select, type SelectOption } from '@/components/ui/Select';
import { Spinner } from '@/components/ui/Spinner';
import { fromLocalInput } from '@/utils/datetime-local';
import { PLAN_LIMITS } from '@meridian/contracts';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useAddAction } from '../api/add-action';
import { fromMemberOption, NOBODY } from '../hooks/use-member-options';

/** The inline row under a plan's checklist that adds one action. */
export function AddActionForm({
  planId,
  planName,
  memberOptions,
}: {
  planId: string;
  planName: string;
  memberOptions: SelectOption[] | null;
}) {
  const add = useAddAction();
  const [title, setTitle] = useState('');
  const [assignee, setAssignee] = useState(NOBODY);
  const [due, setDue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return;
    add.mutate(
      {
        planId,
        action: {
          title: title.trim(),
          assigneeId: fromMemberOption(assignee),
          dueAt: fromLocalInput(due),
        },
      },
      {
        onSuccess: () => {
          setTitle('');
          setAssignee(NOBODY);
          setDue('');
        },
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      aria-label={`Add an action to ${planName}`}
      className="flex flex-wrap items-center gap-2 rounded-md border border-dashed border-border p-2"
    >
      <Input
        aria-label="New action"
        placeholder="New action…"
        maxLength={PLAN_LIMITS.title}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        className="h-8 min-w-48 flex-1"
      />
      {memberOptions ? (
        <Select
          label="Assignee of the new action"
          value={assignee}
          onValueChange={setAssignee}
          options={memberOptions}
          className="h-8 w-44"
        />
      ) : null}
      <Input
        type="datetime-local"
        aria-label="Due date of the new action"
        value={due}
        onChange={(event) => setDue(event.target.value)}
        className="h-8 w-52"
      />
      <Button type="submit" size="sm" disabled={add.isPending || !title.trim()}>
        {add.isPending ? (
          <Spinner className="size-4" />
        ) : (
          <Plus aria-hidden="true" className="size-4" />
        )}
        Add action
      </Button>
    </form>
  );
}
