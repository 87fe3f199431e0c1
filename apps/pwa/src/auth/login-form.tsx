import { ErrorCode, LoginRequestSchema, Messages, type SessionUser } from '@judging/shared-types';
import { Alert, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { logInUser } from '../api/auth-api.ts';
import { isApiError } from '../api/api-error.ts';
import { handleGlobalError } from '../errors/global-error-handler.ts';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { withLoading } from '../loading/loading-store.ts';
import { AnchorLink } from '../routing/links.tsx';
import { useSession } from '../session/session-context.tsx';
import { DevQuickFill } from './dev-quick-fill.tsx';

const isQuickFillShown = import.meta.env.VITE_DEV_QUICKFILL === 'true';

/**
 * Email and password. The Login button reads as disabled while the form is invalid, yet
 * stays focusable, so a press (or Enter) still counts as a submit attempt and reveals why.
 */
export function LoginForm({ onLoggedIn }: { onLoggedIn: (user: SessionUser) => void }) {
  const session = useSession();
  const form = useSchemaForm(LoginRequestSchema, { username: '', password: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const submit = form.onSubmit((credentials) => {
    setFailure(null);
    setIsSubmitting(true);
    withLoading(logInUser(credentials))
      .then((response) => {
        session.signIn(response);
        form.reset();
        onLoggedIn(response.user);
      })
      .catch((error: unknown) => {
        if (isApiError(error)) {
          // The panel answers a failed login itself: no logout, no redirect.
          if (error.status === 401 || error.code === ErrorCode.InvalidCredentials) {
            setFailure(Messages.invalidCredentials);
            return;
          }
          if (error.code === ErrorCode.TooManyRequests) {
            setFailure(error.message || Messages.tooManyLoginAttempts);
            return;
          }
          if (error.code === ErrorCode.ValidationFailed) {
            form.setServerErrors(error.fieldErrors());
            return;
          }
        }
        handleGlobalError(error);
      })
      .finally(() => setIsSubmitting(false));
  });

  const fill = (username: string, password: string) => {
    form.setField('username', username);
    form.setField('password', password);
    setFailure(null);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Login">
      <Stack gap="sm">
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group grow align="flex-start" gap="sm" preventGrowOverflow={false} wrap="wrap">
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            miw={220}
            {...form.getInputProps('username')}
            onChange={(event) => {
              setFailure(null);
              form.setField('username', event.currentTarget.value);
            }}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            miw={220}
            {...form.getInputProps('password')}
            onChange={(event) => {
              setFailure(null);
              form.setField('password', event.currentTarget.value);
            }}
          />
        </Group>
        <Group justify="space-between" align="center">
          <AnchorLink to="/account-help" size="sm">
            Forgot my password
          </AnchorLink>
          <Button
            type="submit"
            loading={isSubmitting}
            data-disabled={!form.isValid || undefined}
            aria-disabled={!form.isValid}
            miw={120}
          >
            Login
          </Button>
        </Group>
        {isQuickFillShown && <DevQuickFill onFill={fill} />}
      </Stack>
    </form>
  );
}
