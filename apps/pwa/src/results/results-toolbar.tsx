import { Badge, Box, Button, Group, Paper, Text } from '@mantine/core';
import type { ResultsReport } from '@judging/shared-types';
import { useEffect, useState, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { formatShortDate, formatShortDateTime } from '../support/date-format.ts';
import { useApiQuery } from '../admin/use-api-query.ts';
import { getEvent } from '../api/events-api.ts';
import { downloadResultsExport, resultsExportHref, type ExportTarget } from '../api/results-api.ts';
import { ButtonLink } from '../routing/links.tsx';
import classes from './results-print.module.css';
import { showRunIssue } from './run-errors.ts';

/**
 * A CSV download link: the click downloads through a one-minute link ticket; the plain address
 * (what copying the link gives) opens nothing without one.
 */
export function exportLinkProps(target: ExportTarget) {
  return {
    href: resultsExportHref(target),
    download: true,
    onClick: (event: MouseEvent) => {
      event.preventDefault();
      downloadResultsExport(target).catch(showRunIssue);
    },
  };
}

/** 'Final' once the event is closed (frozen results), otherwise 'Provisional'. */
export function ResultsStatusBadge({ report }: { report: ResultsReport }) {
  return report.isFinal ? (
    <Badge color="green" size="lg">
      Final
    </Badge>
  ) : (
    <Badge color="orange" size="lg">
      Provisional
    </Badge>
  );
}

/** Back to the run, Print and CSV export: hidden when printing, which shows the event and the print time instead. */
export function ResultsToolbar({ eventId, exportTarget }: { eventId: number; exportTarget: ExportTarget }) {
  return (
    <>
      <Group className={classes.noPrint} gap="xs">
        <ButtonLink to="/admin/event-run/$id" params={{ id: eventId }} variant="default" size="sm">
          ← Back to event run
        </ButtonLink>
        <Button size="sm" variant="default" onClick={() => window.print()}>
          Print
        </Button>
        <Button component="a" size="sm" {...exportLinkProps(exportTarget)}>
          Export CSV
        </Button>
      </Group>
      <ResultsPrintHeading eventId={eventId} />
    </>
  );
}

/** The printed page's first line: which event, on which days, and when this copy was printed (results change until the event closes). */
function ResultsPrintHeading({ eventId }: { eventId: number }) {
  const event = useApiQuery(`event-${eventId}`, (signal) => getEvent(eventId, signal));
  const [printedAt, setPrintedAt] = useState(() => new Date().toISOString());
  useEffect(() => {
    const stamp = () => setPrintedAt(new Date().toISOString());
    window.addEventListener('beforeprint', stamp);
    return () => window.removeEventListener('beforeprint', stamp);
  }, []);
  const detail = event.data;
  const days = detail
    ? detail.eventEndDate && detail.eventEndDate !== detail.eventStartDate
      ? `${formatShortDate(detail.eventStartDate)} – ${formatShortDate(detail.eventEndDate)}`
      : formatShortDate(detail.eventStartDate)
    : '';
  return (
    <Box className={classes.printOnly} data-testid="results-print-heading">
      <Text fw={700}>{detail ? `${detail.eventName} · ${detail.eventState.stateName} · ${days}` : ''}</Text>
      <Text size="sm">Printed {formatShortDateTime(printedAt)}</Text>
    </Box>
  );
}

export const printClasses = classes;

/**
 * A results page's picker (its category, its team) makes its list when opened. Mantine's Combobox
 * keeps the list mounted, hidden and placed beside the field, from the first render: every
 * option's components while the page waits for its answers.
 */
export const pickerComboboxProps = { keepMounted: false } as const;

/**
 * One printed page of a results report: a bordered, labelled section that starts a new page
 * after the one before it. `rows`: the table rows it will hold once filled in, which size the
 * section while it is off screen and not laid out (results-print.module.css); a section of none
 * (no team to list) stays on screen but takes no printed page.
 */
export function PrintedSection({ label, rows, children }: { label: string; rows?: number; children: ReactNode }) {
  return (
    <Paper
      withBorder
      p="md"
      className={rows === 0 ? classes.emptyOnPaper : classes.category}
      style={rows === undefined ? undefined : ({ '--printed-rows': rows } as CSSProperties)}
      component="section"
      aria-label={label}
    >
      {children}
    </Paper>
  );
}
