import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CaptchaField } from '../../../captcha/captcha-field.tsx';

/** The end of a public request form: the captcha, a line for the visitor, and Send (disabled while invalid). */
export function CaptchaAndSend({
  captchaKey,
  onCaptchaChange,
  captchaError,
  isValid,
  isSending,
  sendLabel,
  hint,
}: {
  captchaKey: number;
  onCaptchaChange(payload: string | null): void;
  captchaError: string | undefined;
  isValid: boolean;
  isSending: boolean;
  sendLabel: string;
  hint: ReactNode;
}) {
  return (
    <>
      <CaptchaField resetKey={captchaKey} onChange={onCaptchaChange} error={captchaError} />
      <Group justify="space-between" align="center">
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
        <Button type="submit" disabled={!isValid} loading={isSending}>
          {sendLabel}
        </Button>
      </Group>
    </>
  );
}
