import type { ScoreItemKind, SectionListItem, SessionUser } from '@judging/shared-types';
import { Stack, Tabs, Text } from '@mantine/core';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useAdminWriteAccess } from '../../admin/admin-permissions.ts';
import { SearchField } from '../../admin/search-field.tsx';
import { SectionFormModal } from '../../admin/section-form-modal.tsx';
import { SortableTable, type TableColumn } from '../../admin/sortable-table.tsx';
import { SortDirection, matchesSearch } from '../../admin/table-sort.ts';
import { useApiQuery } from '../../admin/use-api-query.ts';
import { listSections } from '../../api/criteria-api.ts';
import { AnchorLink } from '../../routing/links.tsx';
import { searchValidator } from '../../routing/route-schemas.ts';
import { useSession } from '../../session/session-context.tsx';
import { AdminPageTitle } from './-admin-page-title.tsx';
import { StateItemsTab, TabToolbar, emptyText, type TabProps } from './manage-sections/-components/state-items-tab.tsx';

/** The Penalty and Disqualification tabs are named by their score-item kind. The route table
 * (every page's first load) reads this: the kind's name only, never the module of its schemas. */
const CriteriaTab = {
  Section: 'section',
  Penalty: 'penalty' satisfies ScoreItemKind,
  Disqualification: 'disqualification' satisfies ScoreItemKind,
} as const;
type CriteriaTab = (typeof CriteriaTab)[keyof typeof CriteriaTab];

export const Route = createFileRoute('/admin/manage-sections')({
  // ?tab= keeps the open tab across a visit to a section and back.
  validateSearch: searchValidator<{ tab?: CriteriaTab }>({ tab: isCriteriaTab }),
  component: CriteriaPage,
});

function CriteriaPage() {
  const { user } = useSession();
  if (!user) return null;
  return <CriteriaScreen user={user} />;
}

function isCriteriaTab(value: unknown): value is CriteriaTab {
  return Object.values<unknown>(CriteriaTab).includes(value);
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
          <StateItemsTab kind={CriteriaTab.Penalty} stateId={stateId} canEdit={canEdit} search={search} />
        </Tabs.Panel>
        <Tabs.Panel value={CriteriaTab.Disqualification} pt="md">
          <StateItemsTab kind={CriteriaTab.Disqualification} stateId={stateId} canEdit={canEdit} search={search} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
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
