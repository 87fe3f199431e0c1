import { Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { AnchorLink } from '../routing/links.tsx';
import classes from './guide-page.module.css';
import type { Guide, GuideBlock } from './guides.ts';

/** A help guide as a printable page. */
export function GuidePage({ guide }: { guide: Guide }) {
  return (
    <Stack gap="md">
      <Group justify="space-between" data-print-hidden>
        <AnchorLink to="/help">← Online Resources</AnchorLink>
        <Button variant="default" onClick={() => window.print()}>
          Print this guide
        </Button>
      </Group>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} className={classes.guide} component="article">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1}>{guide.title}</Title>
            <Text c="dimmed">{guide.summary}</Text>
          </Stack>
          {guide.sections.map((section) => (
            <Stack key={section.heading} gap="sm" component="section">
              <Title order={2} size="h3">
                {section.heading}
              </Title>
              {section.blocks.map((block, index) => (
                <GuideBlockView key={index} block={block} />
              ))}
            </Stack>
          ))}
          <Text size="sm" c="dimmed">
            Invitational Scorecard. Questions? Use the Contact Us page to reach your state coordinator.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}

function GuideBlockView({ block }: { block: GuideBlock }) {
  switch (block.kind) {
    case 'text':
      return <Text>{block.text}</Text>;
    case 'tip':
      return (
        <Text className={classes.tip} size="sm">
          <strong>Tip: </strong>
          {block.text}
        </Text>
      );
    case 'steps':
      return (
        <List type="ordered" spacing="xs">
          {block.items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      );
    case 'list':
      return (
        <List spacing="xs">
          {block.items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      );
  }
}
