// Feedback packets on the results screens (issue 40): download a team's or every team's PDF,
// choose whether packets name the judges, and, once the event is closed, email each school
// contact its packets; the schools without a contact address are listed, never skipped quietly.
import type { PacketEmailAnswer, ResultsReport } from '@judging/shared-types';
import { Alert, Button, Group, List, Modal, Paper, Stack, Switch, Text } from '@mantine/core';
import { useState, type MouseEvent } from 'react';
import { useAdminWriteAccess } from '../admin/admin-permissions.ts';
import { useApiQuery } from '../admin/use-api-query.ts';
import { useSaveAction } from '../admin/use-save-action.ts';
import {
  downloadPacket,
  emailPackets,
  getPacketSettings,
  packetHref,
  savePacketSettings,
  type PacketTarget,
} from '../api/packets-api.ts';
import { printClasses } from './results-toolbar.tsx';
import { showRunIssue } from './run-errors.ts';

/** A PDF download link: the click downloads through a one-minute link ticket. */
export function packetLinkProps(target: PacketTarget) {
  return {
    href: packetHref(target),
    download: true,
    onClick: (event: MouseEvent) => {
      event.preventDefault();
      downloadPacket(target).catch(showRunIssue);
    },
  };
}

/** The event's packets: the setting, every team's PDF, and the email to schools once closed. */
export function PacketsPanel({ report }: { report: ResultsReport }) {
  const eventId = report.eventId;
  const { canEdit } = useAdminWriteAccess();
  const settings = useApiQuery(
    `packet-settings-${eventId}`,
    (signal) => getPacketSettings(eventId, signal),
    showRunIssue,
  );
  const { isSaving, save } = useSaveAction();
  const [isConfirming, setIsConfirming] = useState(false);
  const [emailed, setEmailed] = useState<PacketEmailAnswer | null>(null);

  const onShowNames = (showJudgeNames: boolean) => {
    save(savePacketSettings(eventId, { showJudgeNames })).then(settings.setData).catch(showRunIssue);
  };
  const onEmail = () => {
    setIsConfirming(false);
    save(emailPackets(eventId)).then(setEmailed).catch(showRunIssue);
  };

  return (
    <Paper withBorder p="sm" component="section" className={printClasses.noPrint} aria-label="Feedback packets">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={700}>Feedback packets</Text>
          <Group gap="xs">
            <Button component="a" size="xs" variant="default" {...packetLinkProps({ eventId })}>
              All packets (PDF)
            </Button>
            {canEdit && (
              <Button
                size="xs"
                disabled={!report.isFinal || isSaving}
                title={report.isFinal ? undefined : 'Packets are emailed once the event is closed'}
                onClick={() => setIsConfirming(true)}
              >
                Email packets to schools
              </Button>
            )}
          </Group>
        </Group>
        <Switch
          label="Show judge names in packets (otherwise Judge A, Judge B…)"
          checked={settings.data?.showJudgeNames ?? false}
          disabled={!canEdit || settings.data === undefined || isSaving}
          onChange={(event) => onShowNames(event.currentTarget.checked)}
        />
        {!report.isFinal && (
          <Text size="sm" c="dimmed">
            The event is not closed: packets are drafts, marked DRAFT on every page.
          </Text>
        )}
        {emailed && <EmailedSummary answer={emailed} />}
      </Stack>
      <Modal opened={isConfirming} onClose={() => setIsConfirming(false)} title="Email packets to schools" centered>
        <Stack>
          <Text size="sm">
            Each school&apos;s contact gets one email with the school&apos;s packets attached (one PDF per category),
            built from the final results. Schools without a contact email are listed afterwards.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setIsConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={onEmail}>Send emails</Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function EmailedSummary({ answer }: { answer: PacketEmailAnswer }) {
  return (
    <Stack gap="xs" data-testid="packet-email-summary">
      <Alert color="green" title={`${answer.queued.length} ${answer.queued.length === 1 ? 'email' : 'emails'} queued`}>
        <List size="sm">
          {answer.queued.map((entry) => (
            <List.Item key={entry.schoolId}>
              {entry.schoolName}: {entry.to} ({entry.packetCount} {entry.packetCount === 1 ? 'packet' : 'packets'})
            </List.Item>
          ))}
        </List>
      </Alert>
      {answer.withoutContact.length > 0 && (
        <Alert color="orange" title="No contact email: not sent">
          <List size="sm">
            {answer.withoutContact.map((school) => (
              <List.Item key={school.schoolId}>{school.schoolName}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
