import { Select } from '@/components/ui/Select';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type SelectFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  options: readonly { value: string; label: string }[];
  /** A sentence under the select on what the choice does. */
  description?: string;
  disabled?: boolean;
  /** Called after the form takes a newly chosen value. */
  onChosen?: (value: string) => void;
};

/** A labelled select of a react-hook-form form. */
export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  description,
  disabled,
  onChosen,
}: SelectFieldProps<T>) {
  return (
    <div className="flex flex-col gap-1.5">
      <span aria-hidden="true" className="text-sm font-medium text-foreground">
        {label}
      </span>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select
            label={label}
            value={typeof field.value === 'string' ? field.value : undefined}
            onValueChange={(value) => {
              field.onChange(value);
              onChosen?.(value);
            }}
            options={options}
            disabled={disabled}
            className="h-10 w-full"
          />
        )}
      />
      {description ? <p className="text-xs text-muted-foreground">{description}</p> : null}
    </div>
  );
}
