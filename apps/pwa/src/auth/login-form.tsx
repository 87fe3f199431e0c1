import { CaptchaMessages, ErrorCode, LoginRequestSchema, Messages, type SessionUser } from '@judging/shared-types';
import { Alert, Button, Group, Loader, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { logInUser } from '../api/auth-api.ts';
import { isApiError } from '../api/api-error.ts';
import { LazyCaptchaField } from '../captcha/lazy-captcha-field.tsx';
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
 * While a login is under way the button says "Logging in…", also while the app waits out a
 * short "not now" from the server by itself (a venue's tablets logging in together). Once
 * the network's address has used its free login failures, the server asks for the captcha
 * (CAPTCHA_REQUIRED, decisions §9): the form then shows it, and the login goes with it.
 */
export function LoginForm({ onLoggedIn }: { onLoggedIn: (user: SessionUser) => void }) {
  const session = useSession();
  const form = useSchemaForm(LoginRequestSchema, { username: '', password: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isCaptchaShown, setIsCaptchaShown] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | undefined>(undefined);
  // A solution counts once: a new challenge after each login sent with one.
  const [captchaKey, setCaptchaKey] = useState(0);

  const submit = form.onSubmit((credentials) => {
    if (isSubmitting) return;
    setFailure(null);
    if (isCaptchaShown && !captcha) {
      setCaptchaError(CaptchaMessages.required);
      return;
    }
    setIsSubmitting(true);
    if (captcha) setCaptchaKey((key) => key + 1);
    withLoading(logInUser(captcha ? { ...credentials, captcha } : credentials))
      .then((response) => {
        session.signIn(response);
        form.reset();
        setIsCaptchaShown(false);
        onLoggedIn(response.user);
      })
      .catch((error: unknown) => {
        if (isApiError(error)) {
          // The panel answers a failed login itself: no logout, no redirect.
          if (error.code === ErrorCode.CaptchaRequired) {
            setIsCaptchaShown(true);
            setFailure(Messages.captchaRequiredToLogIn);
            return;
          }
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
        {isCaptchaShown && (
          <LazyCaptchaField
            resetKey={captchaKey}
            error={captchaError}
            onChange={(payload) => {
              setCaptcha(payload);
              if (payload) setCaptchaError(undefined);
            }}
          />
        )}
        <Group justify="space-between" align="center">
          <AnchorLink to="/account-help" size="sm">
            Forgot my password
          </AnchorLink>
          <Button
            type="submit"
            data-disabled={!form.isValid || isSubmitting || undefined}
            aria-disabled={!form.isValid || isSubmitting}
            aria-busy={isSubmitting}
            leftSection={isSubmitting ? <Loader size={14} color="currentColor" /> : undefined}
            miw={120}
          >
            {isSubmitting ? 'Logging in…' : 'Login'}
          </Button>
        </Group>
        {isQuickFillShown && <DevQuickFill onFill={fill} />}
      </Stack>
    </form>
  );
}
