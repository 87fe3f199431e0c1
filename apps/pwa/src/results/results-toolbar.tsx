import { Badge, Button, Group } from '@mantine/core';
import type { ResultsReport } from '@judging/shared-types';
import type { MouseEvent } from 'react';
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

/** Back to the run, Print and CSV export: hidden when printing. */
export function ResultsToolbar({ eventId, exportTarget }: { eventId: number; exportTarget: ExportTarget }) {
  return (
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
  );
}

export const printClasses = classes;
