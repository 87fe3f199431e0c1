import {
  ErrorCode,
  JudgeRegistrationSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  formatPhone,
  type JudgeRegistration,
} from '@judging/shared-types';
import { Alert, Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { AlertType, showAlert } from '../alerts/alerts-store.ts';
import { isApiError } from '../api/api-error.ts';
import { registerJudge } from '../api/registration-api.ts';
import { CaptchaField } from '../captcha/captcha-field.tsx';
import { ConflictSchoolsField } from '../conflicts/conflict-schools-field.tsx';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { PageSection } from '../layout/page-section.tsx';
import { withLoading } from '../loading/loading-store.ts';
import { AnchorLink, ButtonLink } from '../routing/links.tsx';
import { RegistrationStatesNote, StateScope, StateSelect } from './contact/-components/state-select.tsx';
import { EmailPhoneFields, NameFields } from './contact/-components/person-fields.tsx';

export const Route = createFileRoute('/judge')({
  component: JudgePage,
});

const emptyRegistration: JudgeRegistration = {
  judgeState: { stateId: 0 },
  judgeFirstName: '',
  judgeLastName: '',
  judgeEmail: '',
  judgePhone: '',
  judgePassword: '',
  confirmPassword: '',
  captcha: '',
};

/** Public judge registration: the new judge can log in at once. */
function JudgePage() {
  const form = useSchemaForm(JudgeRegistrationSchema, emptyRegistration);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  // A captcha solution counts once: a fresh challenge after every failed send.
  const [captchaKey, setCaptchaKey] = useState(0);
  const [conflictSchoolIds, setConflictSchoolIds] = useState<number[]>([]);

  const submit = form.onSubmit((registration) => {
    withLoading(
      registerJudge({
        ...registration,
        judgeFirstName: registration.judgeFirstName.trim(),
        judgeLastName: registration.judgeLastName.trim(),
        judgeEmail: registration.judgeEmail.trim(),
        conflictSchoolIds,
      }),
    )
      .then((response) => {
        showAlert({ type: AlertType.Success, message: response.message });
        setRegisteredEmail(response.judge.judgeEmail);
      })
      .catch((error: unknown) => {
        setCaptchaKey((key) => key + 1);
        if (isApiError(error) && error.status >= 400 && error.status < 500 && error.code !== ErrorCode.TokenInvalid) {
          if (error.errors.length > 0) form.setServerErrors(error.fieldErrors());
          showAlert({ type: AlertType.Error, message: error.message });
          return;
        }
        showAlert({ type: AlertType.Error, message: 'Registration failed, please try again.' });
      });
  });

  return (
    <PageSection
      title="Judge Registration"
      size="sm"
      lead="Judging an invitational in your state? Create your judge login here; your coordinator assigns you to categories."
    >
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
        {registeredEmail ? (
          <Stack gap="md">
            <Alert color="basil" variant="light" title="Registration successful." role="status">
              You can log in now with {registeredEmail} and the password you chose.
            </Alert>
            <Group justify="flex-end">
              <ButtonLink to="/login">Log in</ButtonLink>
            </Group>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate aria-label="Judge registration">
            <Stack gap="md">
              <StateSelect
                scope={StateScope.OpenForRegistration}
                value={form.values.judgeState.stateId || null}
                onChange={(state) => {
                  form.setValue('judgeState', { stateId: state.stateId });
                  setConflictSchoolIds([]);
                }}
                error={form.errors['judgeState.stateId'] ?? form.errors.judgeState}
              />
              <RegistrationStatesNote />
              <NameFields
                firstName={form.getInputProps('judgeFirstName')}
                lastName={form.getInputProps('judgeLastName')}
              />
              <EmailPhoneFields
                email={form.getInputProps('judgeEmail')}
                phone={form.getInputProps('judgePhone')}
                onPhoneBlur={() => form.setField('judgePhone', formatPhone(form.values.judgePhone))}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <PasswordInput
                  label="Password"
                  description={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`}
                  autoComplete="new-password"
                  required
                  {...form.getInputProps('judgePassword')}
                />
                <PasswordInput
                  label="Confirm password"
                  description="Type it again"
                  autoComplete="new-password"
                  required
                  {...form.getInputProps('confirmPassword')}
                  error={form.errors.confirmPassword ?? form.errors.form}
                />
              </SimpleGrid>
              <ConflictSchoolsField
                stateId={form.values.judgeState.stateId}
                value={conflictSchoolIds}
                onChange={setConflictSchoolIds}
                error={form.errors.conflictSchoolIds ?? form.errors.schoolIds}
              />
              <CaptchaField
                resetKey={captchaKey}
                onChange={(payload) => form.setValue('captcha', payload ?? '')}
                error={form.errors.captcha}
              />
              <Group justify="space-between" align="center">
                <Text size="sm">
                  Already registered? <AnchorLink to="/login">Log in</AnchorLink>
                </Text>
                <Button type="submit">Register</Button>
              </Group>
            </Stack>
          </form>
        )}
      </Paper>
    </PageSection>
  );
}
