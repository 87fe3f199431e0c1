import { NativeSelect } from '@mantine/core';

/**
 * A 1..max choice (score ranges, deductions, renewal years) as the device's own picker, which
 * is easiest to use on a tablet. With a placeholder it starts unset, so the schema's
 * "… is required" message can show.
 */
export function WholeNumberSelect({
  label,
  max,
  value,
  onChange,
  placeholder,
  error,
  description,
  disabled,
  required,
  formatOption = String,
}: {
  label: string;
  max: number;
  value: number | undefined;
  onChange(value: number): void;
  placeholder?: string;
  error?: string;
  description?: string;
  disabled?: boolean;
  required?: boolean;
  formatOption?(value: number): string;
}) {
  const options = Array.from({ length: max }, (_, index) => ({
    value: String(index + 1),
    label: formatOption(index + 1),
  }));
  const data = placeholder ? [{ value: '', label: placeholder, disabled: true }, ...options] : options;
  return (
    <NativeSelect
      label={label}
      data={data}
      value={value === undefined ? '' : String(value)}
      onChange={(event) => onChange(Number(event.currentTarget.value))}
      error={error}
      description={description}
      disabled={disabled}
      required={required}
    />
  );
}
