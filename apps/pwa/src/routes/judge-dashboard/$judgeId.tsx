import { JUDGE_AREA_ROLES, Role, hasRole } from '@judging/shared-types';
import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireRoles } from '../../auth/route-guards.ts';
import { idParams } from '../../routing/route-schemas.ts';
import { useSession } from '../../session/session-context.tsx';

/** A judge's own dashboard; coordinators (ADMIN, SUPER, ULTRA) may open any judge's. */
export const Route = createFileRoute('/judge-dashboard/$judgeId')({
  params: idParams('judgeId'),
  beforeLoad: ({ context, params }) => {
    const user = requireRoles(context, JUDGE_AREA_ROLES);
    // A judge sees only their own dashboard.
    if (hasRole(user.role, [Role.Judge]) && user.userId !== params.judgeId) {
      throw redirect({ to: '/judge-dashboard/$judgeId', params: { judgeId: user.userId }, replace: true });
    }
    return { user };
  },
  component: JudgeDashboardPage,
});

function JudgeDashboardPage() {
  const { judgeId } = Route.useParams();
  const { user } = useSession();
  const isOwnDashboard = user?.userId === judgeId;
  return (
    <Container size="lg" py="xl">
      <Paper withBorder radius="md" p="lg" bg="paprika.0">
        <Stack gap={4}>
          <Title order={1}>Judge dashboard</Title>
          <Text size="lg" fw={600}>
            {isOwnDashboard && user ? `${user.firstName} ${user.lastName}` : `Judge #${judgeId}`}
          </Text>
          {isOwnDashboard && user && (
            <Text c="dimmed" size="sm">
              {user.state.stateName}
            </Text>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
