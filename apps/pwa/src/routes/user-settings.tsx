import {
  ALL_ROLES,
  ErrorCode,
  Messages,
  UserSettingsUpdateSchema,
  formatPhone,
  Role,
  landingPathFor,
  type SessionUser,
} from '@judging/shared-types';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { AlertType, showAlert } from '../alerts/alerts-store.ts';
import { isApiError } from '../api/api-error.ts';
import { updateUserSettings } from '../api/user-api.ts';
import { OwnConflictsPanel } from '../conflicts/own-conflicts-panel.tsx';
import { requireRoles } from '../auth/route-guards.ts';
import { handleGlobalError } from '../errors/global-error-handler.ts';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { PageSection } from '../layout/page-section.tsx';
import { withLoading } from '../loading/loading-store.ts';
import { AnchorLink } from '../routing/links.tsx';
import { useSession } from '../session/session-context.tsx';

export const Route = createFileRoute('/user-settings')({
  beforeLoad: ({ context }) => ({ user: requireRoles(context, ALL_ROLES) }),
  component: UserSettingsPage,
});

function UserSettingsPage() {
  const { user } = useSession();
  // The guard let us in; a logout on this page unmounts the form before the guard runs again.
  if (!user) return null;
  return <UserSettingsForm key={user.userId} user={user} />;
}

function UserSettingsForm({ user }: { user: SessionUser }) {
  const session = useSession();
  const router = useRouter();
  const landingPath = landingPathFor(user);
  const form = useSchemaForm(UserSettingsUpdateSchema, {
    userFirstName: user.firstName,
    userLastName: user.lastName,
    userEmail: user.email,
    userPhone: formatPhone(user.phone),
  });

  const submit = form.onSubmit((update) => {
    withLoading(
      updateUserSettings(user.userId, {
        userFirstName: update.userFirstName.trim(),
        userLastName: update.userLastName.trim(),
        userEmail: update.userEmail.trim(),
        userPhone: update.userPhone,
      }),
    )
      .then((response) => {
        session.updateUser(response.user);
        form.reset({
          userFirstName: response.user.firstName,
          userLastName: response.user.lastName,
          userEmail: response.user.email,
          userPhone: formatPhone(response.user.phone),
        });
        showAlert({ type: AlertType.Success, message: response.message || Messages.updateSuccessful });
      })
      .catch((error: unknown) => {
        if (isApiError(error) && error.code === ErrorCode.TokenInvalid) {
          handleGlobalError(error);
          return;
        }
        // Field problems the server found (such as an email already in use) sit under their field.
        if (isApiError(error) && error.errors.length > 0) form.setServerErrors(error.fieldErrors());
        showAlert({ type: AlertType.Error, message: Messages.settingsFailed });
      });
  });

  return (
    <PageSection title="User settings" size="sm" lead="Your name, email and phone as coordinators and judges see them.">
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <form onSubmit={submit} noValidate aria-label="User settings">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="First name"
                autoComplete="given-name"
                required
                {...form.getInputProps('userFirstName')}
              />
              <TextInput
                label="Last name"
                autoComplete="family-name"
                required
                {...form.getInputProps('userLastName')}
              />
            </SimpleGrid>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              {...form.getInputProps('userEmail')}
            />
            <TextInput
              label="Phone"
              type="tel"
              autoComplete="tel-national"
              inputMode="tel"
              placeholder="(302) 555-0100"
              required
              {...form.getInputProps('userPhone')}
              onBlur={() => form.setField('userPhone', formatPhone(form.values.userPhone))}
            />
            <Text size="sm">
              Want a new password? <AnchorLink to="/account-help">Reset your password</AnchorLink>.
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => void router.navigate({ href: landingPath })}>
                Cancel
              </Button>
              <Button type="submit">Save</Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {user.role === Role.Judge && <OwnConflictsPanel judgeId={user.userId} stateId={user.state.stateId} />}
    </PageSection>
  );
}
