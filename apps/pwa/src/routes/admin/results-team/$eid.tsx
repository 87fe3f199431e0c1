import {
  compareNames,
  describeJudgeCount,
  describePenaltyDeduction,
  formatScore,
  formatScoreOrNone,
  placeWithTieBreak,
  type ResultsReport,
  type ResultsStanding,
} from '@judging/shared-types';
import { Badge, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { useApiQuery } from '../../../admin/use-api-query.ts';
import { getEventResults } from '../../../api/results-api.ts';
import {
  PrintedSection,
  pickerComboboxProps,
  printClasses,
  ResultsStatusBadge,
  ResultsToolbar,
} from '../../../results/results-toolbar.tsx';
import { showRunIssue } from '../../../results/run-errors.ts';
import { PacketsPanel, packetLinkProps } from '../../../results/packets-panel.tsx';
import { idParams } from '../../../routing/route-schemas.ts';
import { AdminPageTitle } from '../-admin-page-title.tsx';

export const Route = createFileRoute('/admin/results-team/$eid')({
  params: idParams('eid'),
  component: TeamResultsPage,
});

function listTeams(report: ResultsReport): { value: string; label: string }[] {
  const teams = new Map<number, string>();
  for (const category of report.categories)
    for (const line of category.standings) teams.set(line.schoolId, line.schoolName);
  return [...teams]
    .map(([schoolId, name]) => ({ value: String(schoolId), label: name }))
    .sort((a, b) => compareNames(a.label, b.label));
}

function TeamResultsPage() {
  const { eid } = Route.useParams();
  const results = useApiQuery(`results-${eid}`, (signal) => getEventResults(eid, signal), showRunIssue);
  const [pickedId, setPickedId] = useState<string | null>(null);
  const report = results.data;
  const teams = report ? listTeams(report) : [];
  const schoolId = Number(pickedId ?? teams[0]?.value ?? 0);
  const judgeName = (judgeId: number) =>
    report?.judges.find((j) => j.judgeId === judgeId)?.judgeName ?? `Judge ${judgeId}`;
  return (
    <Stack gap="md">
      <ResultsToolbar eventId={eid} exportTarget={{ eventId: eid, schoolId }} />
      <Group justify="space-between">
        <AdminPageTitle>Team results{report ? `: ${report.eventName}` : ''}</AdminPageTitle>
        {report && <ResultsStatusBadge report={report} />}
      </Group>
      {report && <PacketsPanel report={report} />}
      {report && (
        <Select
          className={printClasses.noPrint}
          label="Team"
          w={320}
          searchable
          data={teams}
          value={schoolId ? String(schoolId) : null}
          onChange={setPickedId}
          allowDeselect={false}
          comboboxProps={pickerComboboxProps}
        />
      )}
      {report?.categories.map((category) => {
        const line = category.standings.find((entry) => entry.schoolId === schoolId);
        if (!line) return null;
        return (
          <PrintedSection key={category.categoryId} label={category.categoryName}>
            <Group justify="space-between" mb="xs">
              <Title order={2} size="h3">
                {category.categoryName}: {line.schoolName}
              </Title>
              <Group gap="sm">
                <Text fw={700}>
                  {line.placeLabel === ''
                    ? line.statusLabel
                    : `Place ${line.placeLabel} · Score ${formatScoreOrNone(line.score)}`}
                </Text>
                <Button
                  component="a"
                  size="xs"
                  variant="light"
                  className={printClasses.noPrint}
                  {...packetLinkProps({ eventId: eid, categoryId: category.categoryId, schoolId })}
                >
                  Feedback packet (PDF){report.isFinal ? '' : ': draft'}
                </Button>
              </Group>
            </Group>
            {line.tieBreakNote && (
              <Text size="sm" mb="xs">
                Tie-break: {placeWithTieBreak(line)}
              </Text>
            )}
            <TeamSheets line={line} judgeName={judgeName} report={report} />
          </PrintedSection>
        );
      })}
    </Stack>
  );
}

function TeamSheets({
  line,
  judgeName,
  report,
}: {
  line: ResultsStanding;
  judgeName: (judgeId: number) => string;
  report: ResultsReport;
}) {
  const penaltyName = (id: number) => report.penalties.find((p) => p.penaltyId === id)?.penaltyName ?? `Penalty ${id}`;
  const dqName = (id: number) =>
    report.disqualifications.find((d) => d.disqualificationId === id)?.disqualificationName ?? `Disqualification ${id}`;
  const items = line.sections.flatMap((section) =>
    section.sheets.flatMap((sheet) => [
      ...sheet.penalties.map((p) => ({
        key: `p-${section.sectionId}-${sheet.judgeId}-${p.penaltyId}`,
        kind: 'Penalty',
        name: penaltyName(p.penaltyId),
        amount: describePenaltyDeduction(p.amount, p.overtimeSeconds),
        section: section.sectionName,
        judge: judgeName(sheet.judgeId),
        review: p.reviewStatus,
      })),
      ...sheet.disqualifications.map((d) => ({
        key: `d-${section.sectionId}-${sheet.judgeId}-${d.disqualificationId}`,
        kind: 'Disqualification',
        name: dqName(d.disqualificationId),
        amount: 'DQ',
        section: section.sectionName,
        judge: judgeName(sheet.judgeId),
        review: d.reviewStatus,
      })),
    ]),
  );
  return (
    <Stack gap="sm">
      <Table striped aria-label="Criteria">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Criteria section</Table.Th>
            <Table.Th>Judge sheets</Table.Th>
            <Table.Th ta="right">Section score</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {line.sections.map((section) => (
            <Table.Tr key={section.sectionId}>
              <Table.Td>{section.sectionName}</Table.Td>
              <Table.Td>
                {section.sheets.map((sheet) => (
                  <Text key={sheet.judgeId} size="sm">
                    {judgeName(sheet.judgeId)}: {formatScore(sheet.total)}
                    {sheet.penaltyTotal > 0 ? ` (−${formatScore(sheet.penaltyTotal)} penalties)` : ''}
                  </Text>
                ))}
                {section.excludedJudges?.map((excluded) => (
                  <Text key={excluded.judgeId} size="sm" c="dimmed">
                    {judgeName(excluded.judgeId)}: {excluded.reason}, not counted
                  </Text>
                ))}
                <Text size="xs" c="dimmed">
                  {describeJudgeCount(section)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {formatScoreOrNone(section.score)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={3} size="h4">
        Penalties and disqualifications
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed">None.</Text>
      ) : (
        <Table aria-label="Penalties and disqualifications">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Type</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Section</Table.Th>
              <Table.Th>Judge</Table.Th>
              <Table.Th ta="right">Deduction</Table.Th>
              <Table.Th>Review</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.key}>
                <Table.Td>{item.kind}</Table.Td>
                <Table.Td>{item.name}</Table.Td>
                <Table.Td>{item.section}</Table.Td>
                <Table.Td>{item.judge}</Table.Td>
                <Table.Td ta="right">{item.amount}</Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    color={item.review === 'rejected' ? 'gray' : item.review === 'confirmed' ? 'green' : 'yellow'}
                  >
                    {item.review}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
