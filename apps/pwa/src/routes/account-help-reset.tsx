import {
  ErrorCode,
  Messages,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ResetPasswordSchema,
} from '@judging/shared-types';
import { Alert, Button, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { useState } from 'react';
import { AlertType, showAlert } from '../alerts/alerts-store.ts';
import { resetPassword } from '../api/auth-api.ts';
import { isApiError } from '../api/api-error.ts';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { PageSection } from '../layout/page-section.tsx';
import { withLoading } from '../loading/loading-store.ts';
import { AnchorLink, ButtonLink } from '../routing/links.tsx';
import { isOptionalSearchText, searchValidator } from '../routing/route-schemas.ts';

const validateResetSearch = searchValidator<{ token?: string; email?: string }>({
  token: isOptionalSearchText,
  email: isOptionalSearchText,
});

export const Route = createFileRoute('/account-help-reset')({
  validateSearch: validateResetSearch,
  beforeLoad: ({ search }) => {
    // A reset link without its token cannot reset anything.
    if (!search.token) throw redirect({ to: '/welcome', replace: true });
  },
  component: AccountHelpResetPage,
});

function AccountHelpResetPage() {
  const { token = '', email } = Route.useSearch();
  const form = useSchemaForm(ResetPasswordSchema, {
    password: '',
    confirmPassword: '',
    token,
    ...(email ? { email } : {}),
  });
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);

  const submit = form.onSubmit((request) => {
    setLinkProblem(null);
    withLoading(resetPassword(request))
      .then((response) => setDoneMessage(response.message ?? Messages.passwordResetDone))
      .catch((error: unknown) => {
        if (isApiError(error) && error.code === ErrorCode.ResetTokenInvalid) {
          setLinkProblem(error.message || Messages.resetTokenInvalid);
          return;
        }
        if (isApiError(error) && error.code === ErrorCode.ValidationFailed) {
          form.setServerErrors(error.fieldErrors());
          return;
        }
        showAlert({ type: AlertType.Error, message: Messages.resettingPasswordFailed });
      });
  });

  return (
    <PageSection title="Reset your password" size="sm">
      <Paper withBorder shadow="sm" p="xl" radius="md">
        {doneMessage ? (
          <Stack gap="md" align="flex-start">
            <Alert color="basil" variant="light" title="Password changed" role="status" w="100%">
              {doneMessage} You can now log in with your new password.
            </Alert>
            <ButtonLink to="/login">Log in</ButtonLink>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate aria-label="Choose a new password">
            <Stack gap="md">
              {linkProblem && (
                <Alert color="red" variant="light" role="alert">
                  {linkProblem} <AnchorLink to="/account-help">Request a new link</AnchorLink>.
                </Alert>
              )}
              <PasswordInput
                label="New password"
                description={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`}
                autoComplete="new-password"
                required
                {...form.getInputProps('password')}
              />
              <PasswordInput
                label="Confirm new password"
                autoComplete="new-password"
                required
                {...form.getInputProps('confirmPassword')}
                error={form.errors.confirmPassword ?? form.errors.form}
              />
              {form.errors.token && (
                <Text c="red" size="sm" role="alert">
                  {form.errors.token}
                </Text>
              )}
              <Button type="submit" style={{ alignSelf: 'flex-end' }}>
                Reset password
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </PageSection>
  );
}
