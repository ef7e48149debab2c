import { cloneElement, useId, type ReactElement } from 'react';

type FieldControlProps = {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

type FormFieldProps = {
  label: string;
  /** Shown beside the label; the control still carries `required`. */
  optional?: boolean;
  error?: string | undefined;
  /** Marks the control invalid when the message is shown elsewhere (a form-level alert). */
  invalid?: boolean;
  hint?: string;
  children: ReactElement<FieldControlProps>;
};

/** A label, one control and its error message, wired together for assistive technology. */
export function FormField({ label, optional, error, invalid, hint, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        {label}
        {optional ? <span className="font-normal text-muted-foreground"> (optional)</span> : null}
      </label>
      {cloneElement(children, {
        id,
        'aria-invalid': error || invalid ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-danger-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}
