import {
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { CategorySchool } from '@judging/shared-types';
import { Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './sortable-schools.module.css';

/**
 * The category's running order as a table whose rows move by drag and drop: a mouse, a
 * finger on a tablet (the handle does not scroll the page) or the keyboard (Space on the
 * handle, arrows, Space again; Escape cancels), each move announced to screen readers.
 */
export function SortableSchools({
  schools,
  canReorder,
  onReorder,
  renderStudents,
  renderActions,
}: {
  schools: readonly CategorySchool[];
  canReorder: boolean;
  onReorder(next: CategorySchool[]): void;
  renderStudents(school: CategorySchool): ReactNode;
  renderActions?(school: CategorySchool): ReactNode;
}) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = schools.map((school) => school.schoolId);
  const nameOf = (id: UniqueIdentifier) => schools.find((school) => school.schoolId === id)?.schoolName ?? 'School';
  const positionOf = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(Number(id)) + 1);

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, position ${positionOf(active.id)} of ${ids.length}.`,
    // Over itself (just picked up): the pick-up announcement stands.
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id
        ? `${nameOf(active.id)} moved to position ${positionOf(over.id)} of ${ids.length}.`
        : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${ids.length}.` : undefined,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(Number(active.id));
    const to = ids.indexOf(Number(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove([...schools], from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move a school, press Space or Enter on its handle, use the up and down arrow keys, then press Space or Enter again to drop it. Press Escape to cancel.',
        },
      }}
    >
      <Table.ScrollContainer minWidth={600} type="native">
        <Table aria-label="Schools in running order" verticalSpacing="sm" className={classes.table}>
          <Table.Thead>
            <Table.Tr>
              {canReorder && (
                <Table.Th className={classes.fit}>
                  <VisuallyHidden>Move</VisuallyHidden>
                </Table.Th>
              )}
              <Table.Th className={classes.fit}>Order</Table.Th>
              <Table.Th>School</Table.Th>
              <Table.Th>Students</Table.Th>
              {renderActions && (
                <Table.Th className={classes.fit}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={!canReorder}>
              {schools.map((school, index) => (
                <SortableSchoolRow
                  key={school.schoolId}
                  school={school}
                  position={index + 1}
                  canReorder={canReorder}
                  students={renderStudents(school)}
                  actions={renderActions?.(school)}
                />
              ))}
            </SortableContext>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </DndContext>
  );
}

function SortableSchoolRow({
  school,
  position,
  canReorder,
  students,
  actions,
}: {
  school: CategorySchool;
  position: number;
  canReorder: boolean;
  students: ReactNode;
  actions: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: school.schoolId,
    disabled: !canReorder,
  });
  return (
    <Table.Tr
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-dragging={isDragging || undefined}
      className={classes.row}
    >
      {canReorder && (
        <Table.Td className={classes.fit}>
          <UnstyledButton
            ref={setActivatorNodeRef}
            className={classes.handle}
            {...attributes}
            {...listeners}
            aria-label={`Move ${school.schoolName}`}
          >
            <svg viewBox="0 0 12 20" width={12} height={20} aria-hidden focusable={false}>
              {[3, 10, 17].flatMap((y) => [
                <circle key={`l${y}`} cx={3} cy={y} r={1.8} fill="currentColor" />,
                <circle key={`r${y}`} cx={9} cy={y} r={1.8} fill="currentColor" />,
              ])}
            </svg>
          </UnstyledButton>
        </Table.Td>
      )}
      <Table.Td className={classes.fit}>
        <Text fw={700} ta="center">
          {position}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text fw={600}>{school.schoolName}</Text>
      </Table.Td>
      <Table.Td>{students}</Table.Td>
      {actions !== undefined && <Table.Td className={classes.fit}>{actions}</Table.Td>}
    </Table.Tr>
  );
}
