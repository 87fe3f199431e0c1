import { ErrorCode, Messages, SendResetPasswordSchema } from '@judging/shared-types';
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { AlertType, showAlert } from '../alerts/alerts-store.ts';
import { CaptchaField } from '../captcha/captcha-field.tsx';
import { sendResetPasswordEmail } from '../api/auth-api.ts';
import { isApiError } from '../api/api-error.ts';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { PageSection } from '../layout/page-section.tsx';
import { withLoading } from '../loading/loading-store.ts';
import { AnchorLink } from '../routing/links.tsx';

export const Route = createFileRoute('/account-help')({
  component: AccountHelpPage,
});

function AccountHelpPage() {
  const form = useSchemaForm(SendResetPasswordSchema, { email: '', captcha: '' });
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  // A captcha solution counts once: a fresh challenge after every send.
  const [captchaKey, setCaptchaKey] = useState(0);

  const submit = form.onSubmit((request) => {
    withLoading(sendResetPasswordEmail(request))
      .finally(() => setCaptchaKey((key) => key + 1))
      .then((response) => setSentMessage(response.message ?? Messages.resetEmailSent))
      .catch((error: unknown) => {
        if (
          isApiError(error) &&
          (error.code === ErrorCode.ValidationFailed || error.code === ErrorCode.CaptchaFailed) &&
          error.errors.length > 0
        ) {
          form.setServerErrors(error.fieldErrors());
          showAlert({ type: AlertType.Error, message: error.message });
          return;
        }
        // Too many requests from this network: the server says how to go on.
        const message =
          isApiError(error) && error.code === ErrorCode.TooManyRequests
            ? error.message
            : Messages.resettingPasswordFailed;
        showAlert({ type: AlertType.Error, message });
      });
  });

  return (
    <PageSection
      title="Account help"
      size="sm"
      lead="Forgot your password? We will email you a link to choose a new one."
    >
      <Paper withBorder shadow="sm" p="xl" radius="md">
        {sentMessage ? (
          <Stack gap="md">
            <Alert color="basil" variant="light" title="Check your email" role="status">
              {sentMessage} The link works for a limited time; check your spam folder if it does not arrive within a few
              minutes.
            </Alert>
            <Group justify="space-between">
              <Button variant="default" onClick={() => setSentMessage(null)}>
                Use another email
              </Button>
              <AnchorLink to="/login">Back to login</AnchorLink>
            </Group>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate aria-label="Request a password reset">
            <Stack gap="md">
              <TextInput
                label="Email"
                description="The email address of your account"
                type="email"
                autoComplete="email"
                inputMode="email"
                required
                {...form.getInputProps('email')}
              />
              <CaptchaField
                resetKey={captchaKey}
                onChange={(payload) => form.setValue('captcha', payload ?? '')}
                error={form.errors.captcha}
              />
              <Group justify="space-between">
                <AnchorLink to="/login">Back to login</AnchorLink>
                <Button type="submit">Send reset link</Button>
              </Group>
              <Text size="sm" c="dimmed">
                No longer have access to that email? Ask your state coordinator through the{' '}
                <AnchorLink to="/contact">Contact Us</AnchorLink> form.
              </Text>
            </Stack>
          </form>
        )}
      </Paper>
    </PageSection>
  );
}
