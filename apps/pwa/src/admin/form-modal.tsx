import { Button, Group, Modal, Stack } from '@mantine/core';
import { modalTitleStyles } from '../layout/modal-styles.ts';
import type { FormEvent, ReactNode } from 'react';

/** The admin modals' frame: a titled dialog around a form with Cancel and Save. */
export function FormModal({
  title,
  onClose,
  onSubmit,
  isSaving,
  submitLabel = 'Save',
  size = 'md',
  children,
}: {
  title: string;
  onClose(): void;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  isSaving: boolean;
  submitLabel?: string;
  size?: 'sm' | 'md' | 'lg';
  children: ReactNode;
}) {
  return (
    <Modal opened onClose={onClose} title={title} size={size} centered styles={modalTitleStyles}>
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <Stack gap="md">
          {children}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isSaving}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
