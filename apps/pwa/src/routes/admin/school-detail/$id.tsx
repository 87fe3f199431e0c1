import { ErrorCode, formatPhone, type School } from '@judging/shared-types';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useAdminWriteAccess } from '../../../admin/admin-permissions.ts';
import { EmailText } from '../../../admin/email-text.tsx';
import { SchoolFormModal } from '../../../admin/school-form-modal.tsx';
import { useApiQuery } from '../../../admin/use-api-query.ts';
import { AlertType, showAlert } from '../../../alerts/alerts-store.ts';
import { isApiError } from '../../../api/api-error.ts';
import { getSchool } from '../../../api/schools-api.ts';
import { handleGlobalError } from '../../../errors/global-error-handler.ts';
import { ButtonLink } from '../../../routing/links.tsx';
import { idParams } from '../../../routing/route-schemas.ts';
import { useSession } from '../../../session/session-context.tsx';

export const Route = createFileRoute('/admin/school-detail/$id')({
  params: idParams('id'),
  component: SchoolDetailPage,
});

function SchoolDetailPage() {
  const { user } = useSession();
  const { id } = Route.useParams();
  if (!user) return null;
  return <SchoolDetailScreen key={id} schoolId={id} />;
}

/** One school's details, staff and contact, with the modify-school modal. */
function SchoolDetailScreen({ schoolId }: { schoolId: number }) {
  const canEdit = useAdminWriteAccess().canEdit;
  const navigate = useNavigate();
  const school = useApiQuery(
    `school-${schoolId}`,
    (signal) => getSchool(schoolId, signal),
    (error) => {
      if (isApiError(error) && (error.code === ErrorCode.NotFound || error.code === ErrorCode.Forbidden)) {
        showAlert({ type: AlertType.Warning, message: error.message });
        void navigate({ to: '/admin/manage-schools', replace: true });
        return;
      }
      handleGlobalError(error);
    },
  );
  const [isEditing, setIsEditing] = useState(false);
  const backButton = (
    <ButtonLink to="/admin/manage-schools" variant="default" size="sm" w="fit-content">
      ← Back to schools
    </ButtonLink>
  );
  const detail = school.data;
  if (!detail) return backButton;
  const educators = [detail.schoolEducator1, detail.schoolEducator2, detail.schoolEducator3].filter(
    (educator) => educator.trim() !== '',
  );
  return (
    <Stack gap="md">
      {backButton}
      <Paper withBorder radius="md" p="lg" shadow="xs">
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={4}>
              <Text size="sm" c="dimmed" fw={600} tt="uppercase">
                School
              </Text>
              <Title order={1} size="h2">
                {detail.schoolName}
              </Title>
            </Stack>
            {canEdit && (
              <Button variant="light" flex="none" onClick={() => setIsEditing(true)}>
                Edit
              </Button>
            )}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            <Field label="Principal">{detail.schoolPrincipal}</Field>
            <Field label="Educators">
              {educators.map((educator) => (
                <Text key={educator}>{educator}</Text>
              ))}
            </Field>
            <Field label="Primary contact">
              <Text>{detail.schoolContactName}</Text>
              <Anchor href={`mailto:${detail.schoolContactEmail}`} style={{ overflowWrap: 'anywhere' }}>
                <EmailText email={detail.schoolContactEmail} />
              </Anchor>
              <Text>{formatPhone(detail.schoolContactPhone)}</Text>
            </Field>
          </SimpleGrid>
        </Stack>
      </Paper>
      {isEditing && (
        <SchoolFormModal
          school={detail}
          onClose={() => setIsEditing(false)}
          onSaved={(saved: School) => school.setData(saved)}
        />
      )}
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fw={700}>{label}</Text>
      {typeof children === 'string' ? <Text>{children}</Text> : children}
    </Stack>
  );
}
