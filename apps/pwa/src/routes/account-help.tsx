import { ErrorCode, Messages, SendResetPasswordSchema } from '@judging/shared-types';
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { AlertType, showAlert } from '../alerts/alerts-store.ts';
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
  const form = useSchemaForm(SendResetPasswordSchema, { email: '' });
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  const submit = form.onSubmit((request) => {
    withLoading(sendResetPasswordEmail(request))
      .then((response) => setSentMessage(response.message ?? Messages.resetEmailSent))
      .catch((error: unknown) => {
        if (isApiError(error) && error.code === ErrorCode.ValidationFailed) {
          form.setServerErrors(error.fieldErrors());
          return;
        }
        showAlert({ type: AlertType.Error, message: Messages.resettingPasswordFailed });
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
