import { CloseButton, TextInput } from '@mantine/core';

/** The search box above an admin table; filters as the user types. */
export function SearchField({
  value,
  onChange,
  label = 'Search',
  placeholder,
}: {
  value: string;
  onChange(next: string): void;
  label?: string;
  placeholder?: string;
}) {
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      rightSection={value ? <CloseButton aria-label="Clear search" onClick={() => onChange('')} /> : null}
      w={{ base: '100%', sm: 360 }}
    />
  );
}
