import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { modalTitleStyles } from './modal-styles.ts';
import { useCallback, useState, type ReactNode } from 'react';
import { useMountedOnceWanted } from '../support/use-mounted-once-wanted.ts';

interface ConfirmRequest {
  message: ReactNode;
  /** Null: a notice with nothing to confirm, closed with one button. */
  confirmLabel: string | null;
  resolve(isConfirmed: boolean): void;
}

/**
 * A yes/no question before a change that cannot be taken back ('Are you sure you want to
 * remove …?'). `ask` resolves true only on the confirm button; render `dialog` once. The dialog
 * mounts at the first question (`useMountedOnceWanted`).
 */
export function useConfirmDialog(): {
  /** A string is shown as a paragraph; other content (a list of what is not ready) as it is. */
  ask(message: ReactNode, confirmLabel?: string): Promise<boolean>;
  /** Says why something cannot be done now (End with what blocks it); one Close button. */
  tell(message: ReactNode, title: string): Promise<void>;
  dialog: ReactNode;
} {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [noticeTitle, setNoticeTitle] = useState<string | null>(null);
  const ask = useCallback(
    (message: ReactNode, confirmLabel = 'Yes') =>
      new Promise<boolean>((resolve) => {
        setNoticeTitle(null);
        setRequest({ message, confirmLabel, resolve });
      }),
    [],
  );
  const tell = useCallback(
    (message: ReactNode, title: string) =>
      new Promise<void>((resolve) => {
        setNoticeTitle(title);
        setRequest({ message, confirmLabel: null, resolve: () => resolve() });
      }),
    [],
  );
  const settle = (isConfirmed: boolean) => {
    request?.resolve(isConfirmed);
    setRequest(null);
  };
  const isMounted = useMountedOnceWanted(request !== null);
  const dialog = isMounted && (
    <Modal
      opened={request !== null}
      onClose={() => settle(false)}
      title={noticeTitle ?? 'Please confirm'}
      centered
      size="sm"
      styles={modalTitleStyles}
    >
      <Stack gap="lg">
        {typeof request?.message === 'string' ? <Text>{request.message}</Text> : request?.message}
        <Group justify="flex-end" gap="sm">
          {request?.confirmLabel === null ? (
            <Button variant="default" onClick={() => settle(false)} data-autofocus>
              Close
            </Button>
          ) : (
            <>
              <Button variant="default" onClick={() => settle(false)}>
                Cancel
              </Button>
              <Button color="red.9" onClick={() => settle(true)} data-autofocus>
                {request?.confirmLabel}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
  return { ask, tell, dialog };
}
