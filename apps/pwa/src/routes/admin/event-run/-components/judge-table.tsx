import { describeClockSkew, type RunCategory, type RunJudge } from '@judging/shared-types';
import { describeConflicts } from '../../../../admin/conflict-warning.ts';
import { Badge, Button, Group, Progress, Table, Text, VisuallyHidden } from '@mantine/core';
import { HrefButton } from '../../../../routing/links.tsx';
import { formatTimeOnDay } from '../../../../support/date-format.ts';

interface JudgeTableProps {
  eventId: number;
  category: RunCategory;
  canViewAsJudge: boolean;
  canUnlock: boolean;
  onUnlock(judgeId: number, judgeName: string): void;
  /** Excuse and Replace are offered (an editor, the event not closed). */
  canExcuse: boolean;
  onExcuse(judge: RunJudge, mode: 'excuse' | 'replace'): void;
  /** Opens the judge's score history in this category (every admin-area role reads it). */
  onHistory(judgeId: number, judgeName: string): void;
}

/** h:mm AM/PM as every screen, with the date when not today (a tablet last seen yesterday says so). */
function formatSyncTime(at: string | null): string {
  return at === null ? 'Never' : formatTimeOnDay(at);
}

const statusColors = { '-': 'gray', 'In Progress': 'blue', Complete: 'green' } as const;
const excusedColor = 'gray';

/** One category's judges: name, sections, status, progress, last sync (and a device clock that is off), history, view as judge, unlock. */
export function JudgeTable({
  eventId,
  category,
  canViewAsJudge,
  canUnlock,
  onUnlock,
  canExcuse,
  onExcuse,
  onHistory,
}: JudgeTableProps) {
  if (category.judges.length === 0) return <Text c="dimmed">No judges are assigned to this category.</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label={`Judges of ${category.categoryName}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Judge</Table.Th>
            <Table.Th>Sections</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Progress</Table.Th>
            <Table.Th>Last sync</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {category.judges.map((judge) => {
            const name = `${judge.judgeFirstName} ${judge.judgeLastName}`;
            const percent = judge.cellsExpected === 0 ? 0 : (judge.cellsScored / judge.cellsExpected) * 100;
            return (
              <Table.Tr key={judge.judgeId} data-judge-id={judge.judgeId}>
                <Table.Td fw={600}>
                  {name}
                  {describeConflicts(judge.conflicts) !== null && (
                    <Text size="xs" fw={400} c="orange.9" data-testid="judge-conflicts">
                      {describeConflicts(judge.conflicts)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {judge.sections.map((section, index) => (
                    <Text key={section.sectionId} span size="sm" c={section.isExcused ? 'dimmed' : undefined}>
                      {index > 0 ? ', ' : ''}
                      {section.isExcused ? <s>{section.sectionName}</s> : section.sectionName}
                      {section.isExcused ? ' (excused)' : ''}
                    </Text>
                  ))}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Badge
                    color={judge.isExcused ? excusedColor : statusColors[judge.status]}
                    variant="light"
                    data-testid="judge-status"
                    styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
                  >
                    {judge.isExcused ? 'Excused' : judge.status}
                  </Badge>
                  {judge.reopened && (
                    <Text
                      size="xs"
                      c="orange.9"
                      mt={4}
                      maw={260}
                      style={{ whiteSpace: 'normal' }}
                      data-testid="judge-reopened"
                    >
                      Reopened {formatSyncTime(judge.reopened.at)}: {judge.reopened.reason}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td miw={140}>
                  <Text size="sm">
                    {judge.cellsScored} / {judge.cellsExpected}
                  </Text>
                  <Progress value={percent} size="sm" aria-label={`${name} progress`} />
                </Table.Td>
                <Table.Td>
                  {formatSyncTime(judge.lastSyncAt)}
                  {judge.isClockSkewed && judge.clockSkewMs !== null && (
                    <Text size="xs" c="orange.9" fw={600} maw={200} data-testid="clock-skew">
                      {describeClockSkew(judge.clockSkewMs)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button size="xs" variant="default" onClick={() => onHistory(judge.judgeId, name)}>
                      History
                    </Button>
                    {canViewAsJudge && (
                      <HrefButton
                        href={`/judge-dashboard/${judge.judgeId}/${eventId}/${category.categoryId}`}
                        size="xs"
                        variant="default"
                      >
                        View as judge
                      </HrefButton>
                    )}
                    {canUnlock && judge.isSubmitted && (
                      <Button size="xs" color="orange" onClick={() => onUnlock(judge.judgeId, name)}>
                        Unlock
                      </Button>
                    )}
                    {canExcuse && !judge.isSubmitted && !judge.isExcused && (
                      <>
                        <Button size="xs" variant="outline" color="orange" onClick={() => onExcuse(judge, 'excuse')}>
                          Excuse
                        </Button>
                        <Button size="xs" variant="light" onClick={() => onExcuse(judge, 'replace')}>
                          Replace
                        </Button>
                      </>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
