import { SelectField } from '@/components/settings/SelectField';
import { SettingsFormFooter } from '@/components/settings/SettingsFormFooter';
import { optionsOf } from '@/lib/select-options';
import { isThemePreference, useTheme } from '@/lib/theme';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DATE_FORMATS,
  LANGUAGES,
  Preferences,
  THEMES,
  TIMEZONES,
  type Profile,
} from '@meridian/contracts';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSavePreferences } from '../api/save-preferences';

const FIELDS = [
  { name: 'language', label: 'Language', options: optionsOf(LANGUAGES) },
  { name: 'dateFormat', label: 'Date format', options: optionsOf(DATE_FORMATS) },
  { name: 'timezone', label: 'Timezone', options: optionsOf(TIMEZONES) },
  { name: 'theme', label: 'Theme', options: optionsOf(THEMES) },
] as const;

/** Language, date format, timezone and theme, saved with the account. */
export function PreferencesForm({ profile }: { profile: Profile }) {
  const { preference, setPreference } = useTheme();
  const [browserTheme] = useState(preference);
  const save = useSavePreferences();
  const values = useMemo(
    // Until the user saves a theme, the one this browser shows is theirs.
    () =>
      profile.preferencesSaved
        ? profile.preferences
        : { ...profile.preferences, theme: browserTheme },
    [profile, browserTheme],
  );
  const form = useForm<Preferences>({ resolver: zodResolver(Preferences), values });

  return (
    <form
      aria-label="Preferences"
      onSubmit={form.handleSubmit((preferences) => save.mutate(preferences))}
      className="flex flex-col gap-5"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ name, label, options }) => (
          <SelectField
            key={name}
            control={form.control}
            name={name}
            label={label}
            options={options}
            // A theme picked here shows at once, before it is saved.
            onChosen={
              name === 'theme'
                ? (value) => {
                    if (isThemePreference(value)) setPreference(value);
                  }
                : undefined
            }
          />
        ))}
      </div>
      <SettingsFormFooter dirty={form.formState.isDirty} saving={save.isPending} />
    </form>
  );
}
