import type { CoordinatorEvent } from '@judging/shared-types';
import { List, Stack, Text, Title } from '@mantine/core';
import { HrefAnchor } from '../../../../routing/links.tsx';

/**
 * What keeps a STARTED event from ending (decisions §9): judges who owe work, sections nobody
 * scores, and the penalties and disqualifications awaiting review, each with where to act.
 */
export function EndBlockers({ event }: { event: CoordinatorEvent }) {
  const judging = event.endBlockers;
  const categoriesToReview = [
    ...new Map(event.pendingReview.map((item) => [item.categoryId, item.categoryName])).entries(),
  ];
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Not ready to end
      </Title>
      {judging.length > 0 && (
        <>
          <Text size="sm">
            Every judge who owes work must submit. A judge who did not come can be excused or replaced from the judge
            table.
          </Text>
          <List size="sm" spacing={2} aria-label="Judging not finished">
            {judging.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </>
      )}
      {event.pendingReview.length > 0 && (
        <>
          <Text size="sm">
            {event.pendingReview.length === 1
              ? '1 penalty or disqualification awaits review:'
              : `${event.pendingReview.length} penalties or disqualifications await review:`}
          </Text>
          <List size="sm" spacing={2} aria-label="Awaiting review">
            {event.pendingReview.slice(0, 8).map((item) => (
              <List.Item key={`${item.categoryId}-${item.schoolId}-${item.judgeName}-${item.itemName}`}>
                {item.categoryName} – {item.schoolName} – {item.sectionName} – {item.judgeName}: {item.itemName}
              </List.Item>
            ))}
            {event.pendingReview.length > 8 && <List.Item>And {event.pendingReview.length - 8} more.</List.Item>}
          </List>
          <Text size="sm">
            {categoriesToReview.map(([categoryId, categoryName], index) => (
              <span key={categoryId}>
                {index > 0 ? ' · ' : ''}
                <HrefAnchor href={`/admin/school-penalties/${event.eventId}/${categoryId}`} underline="always">
                  Review {categoryName}
                </HrefAnchor>
              </span>
            ))}
          </Text>
        </>
      )}
    </Stack>
  );
}
