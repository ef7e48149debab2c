import { Switch } from '@/components/ui/Switch';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useId } from 'react';

type ToggleFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  description?: string;
  disabled?: boolean;
};

/** One labelled on/off setting of a react-hook-form form, as a row of a settings list. */
export function ToggleField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  disabled,
}: ToggleFieldProps<T>) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-foreground">
          {label}
        </label>
        {description ? (
          <p id={`${id}-description`} className="text-sm text-muted-foreground">
            {description}
          </p>
        ) : null}
      </div>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch
            id={id}
            ref={field.ref}
            checked={Boolean(field.value)}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            disabled={disabled}
            aria-describedby={description ? `${id}-description` : undefined}
          />
        )}
      />
    </div>
  );
}
