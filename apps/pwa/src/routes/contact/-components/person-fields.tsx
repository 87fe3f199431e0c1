import { SimpleGrid, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';

/** What `useSchemaForm().getInputProps(field)` hands a text input. */
interface TextBinding {
  value: string;
  onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void;
  error?: string;
}

/** First and last name side by side (stacked on a phone), as every public form asks them. */
export function NameFields({ firstName, lastName }: { firstName: TextBinding; lastName: TextBinding }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput label="First name" autoComplete="given-name" required {...firstName} />
      <TextInput label="Last name" autoComplete="family-name" required {...lastName} />
    </SimpleGrid>
  );
}

/** Email and phone; the phone is shown as (xxx) xxx-xxxx once the visitor leaves the field. */
export function EmailPhoneFields({
  email,
  phone,
  onPhoneBlur,
  columns = 2,
}: {
  email: TextBinding;
  phone: TextBinding;
  onPhoneBlur(): void;
  columns?: 1 | 2;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: columns }} spacing="md">
      <TextInput label="Email" type="email" inputMode="email" autoComplete="email" required {...email} />
      <TextInput
        label="Phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="(302) 555-0100"
        required
        {...phone}
        onBlur={onPhoneBlur}
      />
    </SimpleGrid>
  );
}
