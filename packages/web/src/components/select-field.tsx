import type { ChangeEvent, ReactNode } from 'react';

interface SelectFieldProps<Value extends string | number> {
  id: string;
  label: string;
  value: Value;
  options: readonly Value[];
  onChange: (value: Value) => void;
  /** How an option reads, such as "1.5x" or "MP3"; the value itself by default. */
  formatOption?: (value: Value) => string;
  disabled?: boolean;
  required?: boolean;
  /** A line under the select that describes the chosen option, read with the select. */
  hint?: ReactNode;
}

/** A labelled select whose value keeps the option's own type (numbers stay numbers). */
export function SelectField<Value extends string | number>({
  id,
  label,
  value,
  options,
  onChange,
  formatOption = String,
  disabled,
  required,
  hint,
}: SelectFieldProps<Value>) {
  const hintId = `${id}-hint`;
  const handleChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const chosen = options.find((option) => String(option) === event.target.value);
    if (chosen !== undefined) onChange(chosen);
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={String(value)}
        onChange={handleChange}
        disabled={disabled}
        required={required}
        aria-describedby={hint ? hintId : undefined}
      >
        {options.map((option) => (
          <option key={String(option)} value={String(option)}>
            {formatOption(option)}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={hintId} className="tool-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
