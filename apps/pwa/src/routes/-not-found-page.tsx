import { Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { EmptyPlateIcon } from '../icons/app-icons.tsx';
import { AnchorLink, ButtonLink } from '../routing/links.tsx';

/** Unknown paths: the seed's not-found page with a way home and a way to reach us. */
export function NotFoundPage() {
  return (
    <Container size="sm" py={64}>
      <Paper withBorder shadow="sm" p="xl" ta="center">
        <Stack align="center" gap="md">
          <ThemeIcon size={88} radius={44} variant="light">
            <EmptyPlateIcon size={56} />
          </ThemeIcon>
          <Title order={1}>404: Dish Not Found</Title>
          <Text c="dimmed" maw={440}>
            The page you ordered is not on the menu. It may have moved, or the link may be mistyped.
          </Text>
          <ButtonLink to="/welcome" size="md">
            Back to the home page
          </ButtonLink>
          <Text size="sm">
            Need a hand? Send us a note through the <AnchorLink to="/contact">Contact Us form</AnchorLink> and a
            coordinator will answer within one to two business days, or browse the{' '}
            <AnchorLink to="/help">online resources</AnchorLink>.
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}
