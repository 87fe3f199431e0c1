import type { Disqualification, Penalty, SectionListItem, SessionUser } from '@judging/shared-types';
import { Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import Type from 'typebox';
import { useAdminWriteAccess } from '../../admin/admin-permissions.ts';
import { SearchField } from '../../admin/search-field.tsx';
import { SectionFormModal } from '../../admin/section-form-modal.tsx';
import { SortableTable, type TableColumn } from '../../admin/sortable-table.tsx';
import { SortDirection, matchesSearch } from '../../admin/table-sort.ts';
import { useApiQuery } from '../../admin/use-api-query.ts';
import { listDisqualifications, listPenalties, listSections } from '../../api/criteria-api.ts';
import { AnchorLink } from '../../routing/links.tsx';
import { searchValidator } from '../../routing/route-schemas.ts';
import { useSession } from '../../session/session-context.tsx';
import { AdminPageTitle } from './-admin-page-title.tsx';
import { DisqualificationFormModal } from './manage-sections/-components/disqualification-form-modal.tsx';
import { PenaltyFormModal } from './manage-sections/-components/penalty-form-modal.tsx';

const CriteriaTab = { Section: 'section', Penalty: 'penalty', Disqualification: 'disqualification' } as const;
type CriteriaTab = (typeof CriteriaTab)[keyof typeof CriteriaTab];

/** ?tab= keeps the open tab across a visit to a section and back. */
const CriteriaSearchSchema = Type.Object({
  tab: Type.Optional(
    Type.Union([
      Type.Literal(CriteriaTab.Section),
      Type.Literal(CriteriaTab.Penalty),
      Type.Literal(CriteriaTab.Disqualification),
    ]),
  ),
});

export const Route = createFileRoute('/admin/manage-sections')({
  validateSearch: searchValidator(CriteriaSearchSchema),
  component: CriteriaPage,
});

function CriteriaPage() {
  const { user } = useSession();
  if (!user) return null;
  return <CriteriaScreen user={user} />;
}

function isCriteriaTab(value: string | null): value is CriteriaTab {
  return Object.values<string | null>(CriteriaTab).includes(value);
}

/** The state's sections, penalties and disqualifications; STANDARD users only read them. */
function CriteriaScreen({ user }: { user: SessionUser }) {
  const stateId = user.state.stateId;
  const canEdit = useAdminWriteAccess().canEdit;
  const tab = Route.useSearch({ select: (search) => search.tab ?? CriteriaTab.Section });
  const navigate = useNavigate({ from: Route.fullPath });
  const [search, setSearch] = useState('');

  return (
    <Stack gap="md">
      <AdminPageTitle>Criteria</AdminPageTitle>
      <SearchField value={search} onChange={setSearch} placeholder="Name or description" />
      <Tabs
        value={tab}
        onChange={(next) => {
          if (isCriteriaTab(next)) void navigate({ search: { tab: next }, replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value={CriteriaTab.Section} fz="md" fw={600}>
            Section
          </Tabs.Tab>
          <Tabs.Tab value={CriteriaTab.Penalty} fz="md" fw={600}>
            Penalty
          </Tabs.Tab>
          <Tabs.Tab value={CriteriaTab.Disqualification} fz="md" fw={600}>
            Disqualification
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value={CriteriaTab.Section} pt="md">
          <SectionsTab stateId={stateId} canEdit={canEdit} search={search} />
        </Tabs.Panel>
        <Tabs.Panel value={CriteriaTab.Penalty} pt="md">
          <PenaltiesTab stateId={stateId} canEdit={canEdit} search={search} />
        </Tabs.Panel>
        <Tabs.Panel value={CriteriaTab.Disqualification} pt="md">
          <DisqualificationsTab stateId={stateId} canEdit={canEdit} search={search} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

interface TabProps {
  stateId: number;
  canEdit: boolean;
  search: string;
}

function TabToolbar({
  count,
  nouns,
  addLabel,
  onAdd,
}: {
  count: number | undefined;
  nouns: [singular: string, plural: string];
  addLabel?: string;
  onAdd?(): void;
}) {
  return (
    <Group justify="space-between" align="center" mb="sm" gap="sm">
      <Text c="dimmed" size="sm">
        {count === undefined ? '' : `${count} ${count === 1 ? nouns[0] : nouns[1]}`}
      </Text>
      {addLabel && onAdd && <Button onClick={onAdd}>{addLabel}</Button>}
    </Group>
  );
}

function SectionsTab({ stateId, canEdit, search }: TabProps) {
  const sections = useApiQuery(`sections-${stateId}`, (signal) => listSections(stateId, signal));
  const [isAdding, setIsAdding] = useState(false);
  const navigate = useNavigate();
  const rows = useMemo(
    () =>
      (sections.data ?? []).filter((section) =>
        matchesSearch(search, [section.sectionName, section.sectionDescription]),
      ),
    [sections.data, search],
  );
  const columns: TableColumn<SectionListItem>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (section) => <Text fw={600}>{section.sectionName}</Text>,
      sortValue: (section) => section.sectionName,
    },
    {
      key: 'description',
      header: 'Description',
      render: (section) => section.sectionDescription || <Text c="dimmed">—</Text>,
      sortValue: (section) => section.sectionDescription,
    },
    {
      key: 'view',
      header: 'Actions',
      isHeaderHidden: true,
      align: 'right',
      fitsContent: true,
      render: (section) => (
        <AnchorLink
          to="/admin/section-detail/$id"
          params={{ id: section.sectionId }}
          aria-label={`View ${section.sectionName}`}
          fw={600}
        >
          View
        </AnchorLink>
      ),
    },
  ];
  return (
    <>
      <TabToolbar
        count={sections.data?.length}
        nouns={['section', 'sections']}
        addLabel={canEdit ? 'Add section' : undefined}
        onAdd={() => setIsAdding(true)}
      />
      <SortableTable
        label="Sections"
        columns={columns}
        rows={rows}
        rowKey={(section) => section.sectionId}
        initialSort={{ key: 'name', direction: SortDirection.Ascending }}
        emptyMessage={emptyText(sections.isLoading, search, 'sections')}
        minWidth={560}
      />
      {isAdding && (
        <SectionFormModal
          section={null}
          onClose={() => setIsAdding(false)}
          onSaved={(section) => void navigate({ to: '/admin/section-detail/$id', params: { id: section.sectionId } })}
        />
      )}
    </>
  );
}

function PenaltiesTab({ stateId, canEdit, search }: TabProps) {
  const penalties = useApiQuery(`penalties-${stateId}`, (signal) => listPenalties(stateId, signal));
  const [editing, setEditing] = useState<Penalty | 'new' | null>(null);
  const rows = useMemo(
    () => (penalties.data ?? []).filter((penalty) => matchesSearch(search, [penalty.penaltyName])),
    [penalties.data, search],
  );
  const columns: TableColumn<Penalty>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (penalty) => <Text fw={600}>{penalty.penaltyName}</Text>,
      sortValue: (penalty) => penalty.penaltyName,
    },
    {
      key: 'deduction',
      header: 'Deduction',
      render: (penalty) => penalty.penaltyDeduction,
      sortValue: (penalty) => penalty.penaltyDeduction,
    },
    {
      key: 'variable',
      header: 'Variable',
      render: (penalty) => (penalty.penaltyDynamic ? 'Yes' : 'No'),
      sortValue: (penalty) => (penalty.penaltyDynamic ? 'Yes' : 'No'),
    },
  ];
  if (canEdit) {
    columns.push({
      key: 'update',
      header: 'Actions',
      isHeaderHidden: true,
      align: 'right',
      fitsContent: true,
      render: (penalty) => (
        <Button
          size="sm"
          variant="light"
          aria-label={`Update ${penalty.penaltyName}`}
          onClick={() => setEditing(penalty)}
        >
          Update
        </Button>
      ),
    });
  }
  return (
    <>
      <TabToolbar
        count={penalties.data?.length}
        nouns={['penalty', 'penalties']}
        addLabel={canEdit ? 'Add penalty' : undefined}
        onAdd={() => setEditing('new')}
      />
      <SortableTable
        label="Penalties"
        columns={columns}
        rows={rows}
        rowKey={(penalty) => penalty.penaltyId}
        initialSort={{ key: 'name', direction: SortDirection.Ascending }}
        emptyMessage={emptyText(penalties.isLoading, search, 'penalties')}
        minWidth={520}
      />
      {editing !== null && (
        <PenaltyFormModal
          penalty={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => penalties.reload()}
        />
      )}
    </>
  );
}

function DisqualificationsTab({ stateId, canEdit, search }: TabProps) {
  const disqualifications = useApiQuery(`disqualifications-${stateId}`, (signal) =>
    listDisqualifications(stateId, signal),
  );
  const [editing, setEditing] = useState<Disqualification | 'new' | null>(null);
  const rows = useMemo(
    () =>
      (disqualifications.data ?? []).filter((disqualification) =>
        matchesSearch(search, [disqualification.disqualificationName]),
      ),
    [disqualifications.data, search],
  );
  const columns: TableColumn<Disqualification>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (disqualification) => <Text fw={600}>{disqualification.disqualificationName}</Text>,
      sortValue: (disqualification) => disqualification.disqualificationName,
    },
  ];
  if (canEdit) {
    columns.push({
      key: 'update',
      header: 'Actions',
      isHeaderHidden: true,
      align: 'right',
      fitsContent: true,
      render: (disqualification) => (
        <Button
          size="sm"
          variant="light"
          aria-label={`Update ${disqualification.disqualificationName}`}
          onClick={() => setEditing(disqualification)}
        >
          Update
        </Button>
      ),
    });
  }
  return (
    <>
      <TabToolbar
        count={disqualifications.data?.length}
        nouns={['disqualification', 'disqualifications']}
        addLabel={canEdit ? 'Add disqualification' : undefined}
        onAdd={() => setEditing('new')}
      />
      <SortableTable
        label="Disqualifications"
        columns={columns}
        rows={rows}
        rowKey={(disqualification) => disqualification.disqualificationId}
        initialSort={{ key: 'name', direction: SortDirection.Ascending }}
        emptyMessage={emptyText(disqualifications.isLoading, search, 'disqualifications')}
        minWidth={360}
      />
      {editing !== null && (
        <DisqualificationFormModal
          disqualification={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => disqualifications.reload()}
        />
      )}
    </>
  );
}

function emptyText(isLoading: boolean, search: string, plural: string): string {
  if (isLoading) return `Loading ${plural}…`;
  return search.trim() ? `No ${plural} match your search.` : `No ${plural} yet.`;
}
