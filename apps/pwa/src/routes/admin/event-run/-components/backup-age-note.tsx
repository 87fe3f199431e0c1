import { Text } from '@mantine/core';
import { useEffect } from 'react';
import { useApiQuery } from '../../../../admin/use-api-query.ts';
import { getLatestBackupAge } from '../../../../api/backup-api.ts';
import { formatShortDateTime } from '../../../../support/date-format.ts';
import { backupAgeText } from './backup-age.ts';

/** How often the line asks again: its minutes stay true while the page stays open. */
const REFRESH_MS = 60_000;

/**
 * The age of the server's newest backup, under the run page's title: in the warning colour when
 * there is none or it is older than twice the schedule's interval. A failed read shows nothing
 * (the page's own reads report the server's trouble).
 */
export function BackupAgeNote() {
  const backup = useApiQuery('backup-age', getLatestBackupAge, ignoreFailure);
  const { reload } = backup;
  useEffect(() => {
    const timer = setInterval(reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);
  const age = backup.data;
  if (age === undefined) return null;
  return (
    <Text
      size="sm"
      c={age.isOverdue ? 'orange.9' : 'dimmed'}
      fw={age.isOverdue ? 600 : undefined}
      data-testid="backup-age"
      title={age.lastBackupAt === null ? undefined : formatShortDateTime(age.lastBackupAt)}
    >
      {backupAgeText(age)}
    </Text>
  );
}

function ignoreFailure(): void {}
