import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { modalTitleStyles } from './modal-styles.ts';
import { useCallback, useState, type ReactNode } from 'react';

interface ConfirmRequest {
  message: ReactNode;
  confirmLabel: string;
  resolve(isConfirmed: boolean): void;
}

/**
 * A yes/no question before a change that cannot be taken back ('Are you sure you want to
 * remove …?'). `ask` resolves true only on the confirm button; render `dialog` once.
 */
export function useConfirmDialog(): {
  /** A string is shown as a paragraph; other content (a list of what is not ready) as it is. */
  ask(message: ReactNode, confirmLabel?: string): Promise<boolean>;
  dialog: ReactNode;
} {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const ask = useCallback(
    (message: ReactNode, confirmLabel = 'Yes') =>
      new Promise<boolean>((resolve) => setRequest({ message, confirmLabel, resolve })),
    [],
  );
  const settle = (isConfirmed: boolean) => {
    request?.resolve(isConfirmed);
    setRequest(null);
  };
  const dialog = (
    <Modal
      opened={request !== null}
      onClose={() => settle(false)}
      title="Please confirm"
      centered
      size="sm"
      styles={modalTitleStyles}
    >
      <Stack gap="lg">
        {typeof request?.message === 'string' ? <Text>{request.message}</Text> : request?.message}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => settle(false)}>
            Cancel
          </Button>
          <Button color="red.9" onClick={() => settle(true)} data-autofocus>
            {request?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { ask, dialog };
}
