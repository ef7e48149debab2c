import type { SelectOption } from '@/components/ui/Select';
import { useOrganizationMembers } from '@/entities/organization/organization-members';
import { fullName } from '@/utils/format';
import { useMemo } from 'react';

/** The Select value of "nobody" (a Select item cannot have an empty value). */
export const NOBODY = 'NOBODY';

export const fromMemberOption = (value: string): string | null => (value === NOBODY ? null : value);

/** The organization's active members as picker options, "Nobody" first; null while loading. */
export function useMemberOptions({ enabled }: { enabled: boolean }): SelectOption[] | null {
  const members = useOrganizationMembers({ enabled });
  return useMemo(
    () =>
      members.data
        ? [
            { value: NOBODY, label: 'Nobody' },
            ...members.data.map((member) => ({
              value: member.id,
              label: fullName(member) || member.email,
            })),
          ]
        : null,
    [members.data],
  );
}

/** The options with this person too (a former member still holding the action or plan). */
export const withPerson = (
  options: SelectOption[],
  person: { id: string; name: string; email: string } | null,
): SelectOption[] =>
  person && !options.some((option) => option.value === person.id)
    ? [...options, { value: person.id, label: person.name || person.email }]
    : options;
