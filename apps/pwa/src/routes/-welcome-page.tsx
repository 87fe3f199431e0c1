import { Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ChefHatIcon, SchoolIcon } from '../icons/app-icons.tsx';
import { AnchorLink, ButtonLink } from '../routing/links.tsx';
import classes from './-welcome-page.module.css';

/** Seed "Public": are you a school or a judge? */
export function WelcomePage() {
  return (
    <>
      <section className={classes.hero} aria-labelledby="welcome-title">
        <Container size="lg" py={48}>
          <Stack gap="sm" maw={720}>
            <Text tt="uppercase" fw={700} size="sm" c="paprika.1" lts={1}>
              State culinary &amp; hospitality invitationals
            </Text>
            <Title order={1} id="welcome-title" c="white" fz={{ base: 34, md: 44 }}>
              Welcome to the Invitational Scorecard
            </Title>
            <Text size="lg" c="paprika.0">
              Schools register their teams, judges score every dish and service on a tablet, even with no signal in the
              gym, and coordinators publish results the same day.
            </Text>
          </Stack>
        </Container>
      </section>

      <Container size="lg" py="xl">
        <Title order={2} ta="center" mb="lg">
          Are you a school or a judge?
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <ChoiceCard
            icon={<SchoolIcon size={28} />}
            title="I represent a school"
            text="Register your school and its student teams for an invitational in your state, and keep your contact details up to date."
            action={
              <ButtonLink to="/school" size="md">
                Register a school
              </ButtonLink>
            }
          />
          <ChoiceCard
            icon={<ChefHatIcon size={28} />}
            title="I want to judge"
            text="Create a judge account to score teams in culinary and hospitality categories for your state's invitationals."
            action={
              <ButtonLink to="/judge" size="md">
                Register as a judge
              </ButtonLink>
            }
          />
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" mt="xl">
          <Card withBorder padding="lg" radius="md">
            <Title order={3} size="h4">
              Coordinating an invitational?
            </Title>
            <Text mt="xs" c="dimmed">
              See how the Scorecard handles events, criteria, judges and results for a whole state.
            </Text>
            <AnchorLink to="/overview" mt="sm" fw={600}>
              Learn more about the Scorecard
            </AnchorLink>
          </Card>
          <Card withBorder padding="lg" radius="md">
            <Title order={3} size="h4">
              Questions?
            </Title>
            <Text mt="xs" c="dimmed">
              Your state coordinator answers within one to two business days.
            </Text>
            <AnchorLink to="/contact" mt="sm" fw={600}>
              Contact us
            </AnchorLink>
          </Card>
        </SimpleGrid>
      </Container>
    </>
  );
}

function ChoiceCard({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <Card withBorder shadow="sm" padding="xl" radius="md">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={52} radius="xl" variant="light">
          {icon}
        </ThemeIcon>
        <Stack gap="xs">
          <Title order={3}>{title}</Title>
          <Text c="dimmed">{text}</Text>
          <div>{action}</div>
        </Stack>
      </Group>
    </Card>
  );
}
