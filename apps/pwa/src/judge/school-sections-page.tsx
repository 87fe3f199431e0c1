import { formatScore } from '@judging/shared-types';
import { Alert, Badge, Container, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { AnchorLink, ButtonLink } from '../routing/links.tsx';
import { EventRefusedNotice } from './event-refused-notice.tsx';
import { useJudgeEventSnapshot, type JudgeEventLoad } from './judge-event-source.ts';
import type { SectionsSearch } from './judge-routing.ts';
import { countUnsent, runningSheet, sectionProgress, sectionsInOrder, sheetCells, sheetKey } from './scoring-view.ts';
import { SyncStatusBar } from './sync-status-bar.tsx';
import { NotSentCount, ScoredBadge } from './unsent-marks.tsx';

/** The judge's criteria sections for one school, with what is scored and each sheet's running total. */
export function SchoolSectionsPage({ search, load }: { search: SectionsSearch; load: JudgeEventLoad }) {
  const { judgeId, eventId, categoryId, schoolId } = search;
  const snapshot = useJudgeEventSnapshot(judgeId, eventId, load);
  const backLink = (
    // Back to the list at this school's row (the dashboard scrolls it into view), not its top.
    <AnchorLink
      to="/judge-dashboard/$judgeId/$eventId/$categoryId"
      params={{ judgeId, eventId, categoryId }}
      search={{ school: schoolId }}
      resetScroll={false}
    >
      ← Back to the schools
    </AnchorLink>
  );
  if (load.status === 'refused') {
    return (
      <Container size="lg" py="lg">
        <EventRefusedNotice judgeId={judgeId} message={load.message} />
      </Container>
    );
  }
  if (load.status === 'unavailable' || snapshot === null) {
    return (
      <Container size="lg" py="lg">
        <Stack>
          {backLink}
          <Alert color="yellow" title="Not available on this tablet">
            {load.status === 'unavailable' ? load.message : 'This event is not downloaded.'}
          </Alert>
        </Stack>
      </Container>
    );
  }
  if (!snapshot) return null;
  const category = snapshot.eventData.categories.find((item) => item.categoryId === categoryId);
  const school = category?.schools.find((item) => item.schoolId === schoolId);
  const unsent = countUnsent(snapshot.cells, snapshot.outbox).bySheet;
  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        {snapshot.isOwn && <SyncStatusBar judgeId={judgeId} />}
        {backLink}
        {!category || !school ? (
          <Alert color="yellow">This school is not in one of your categories.</Alert>
        ) : (
          <>
            <Stack gap={2}>
              <Title order={1}>{school.schoolName}</Title>
              <Text size="lg">
                {category.categoryName} · {snapshot.eventData.event.eventName}
              </Text>
            </Stack>
            <Paper withBorder radius="md">
              <Table verticalSpacing="md" horizontalSpacing="md">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Criteria section</Table.Th>
                    <Table.Th>Scored</Table.Th>
                    <Table.Th ta="right">Running total</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sectionsInOrder(category).map((section) => {
                    const place = { categoryId, sectionId: section.sectionId, schoolId };
                    const progress = sectionProgress(snapshot.cells, place, section);
                    const sheet = runningSheet(judgeId, section, sheetCells(snapshot.cells, place));
                    const notSent = unsent.get(sheetKey(place)) ?? 0;
                    return (
                      <Table.Tr key={section.sectionId}>
                        <Table.Td>
                          <Text fw={600}>{section.sectionName}</Text>
                          {section.sectionDescription && (
                            <Text size="sm" c="dimmed">
                              {section.sectionDescription}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Group gap={6}>
                            {progress.isComplete ? (
                              <ScoredBadge isSent={notSent === 0} />
                            ) : (
                              <Text size="sm">
                                {progress.scored}/{progress.total}
                              </Text>
                            )}
                            <NotSentCount count={notSent} />
                            {sheet.isDisqualified && (
                              <Badge color="red" variant="filled">
                                DQ
                              </Badge>
                            )}
                          </Group>
                        </Table.Td>
                        <Table.Td ta="right">{formatScore(sheet.total)}</Table.Td>
                        <Table.Td ta="right">
                          <ButtonLink
                            to="/school-scoring"
                            search={{ judgeId, eventId, schoolId, categoryId, sectionId: section.sectionId }}
                            size="md"
                            variant={progress.isComplete ? 'default' : 'filled'}
                            aria-label={`Open ${section.sectionName}`}
                          >
                            Open
                          </ButtonLink>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Paper>
          </>
        )}
      </Stack>
    </Container>
  );
}
