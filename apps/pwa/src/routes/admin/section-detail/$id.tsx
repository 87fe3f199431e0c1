import { CriteriaType, ErrorCode, type SectionDetail, type Subsection } from '@judging/shared-types';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { AdminMessages } from '../../../admin/admin-messages.ts';
import { useAdminWriteAccess } from '../../../admin/admin-permissions.ts';
import { useConfirmDialog } from '../../../layout/confirm-dialog.tsx';
import { reportMutationError } from '../../../admin/mutation-errors.ts';
import { SectionFormModal } from '../../../admin/section-form-modal.tsx';
import { SortableTable, type TableColumn } from '../../../admin/sortable-table.tsx';
import { useApiQuery } from '../../../admin/use-api-query.ts';
import { AlertType, showAlert } from '../../../alerts/alerts-store.ts';
import { isApiError } from '../../../api/api-error.ts';
import { copySection, getSection, removeCriteria } from '../../../api/criteria-api.ts';
import { handleGlobalError } from '../../../errors/global-error-handler.ts';
import { withLoading } from '../../../loading/loading-store.ts';
import { ButtonLink } from '../../../routing/links.tsx';
import { idParams } from '../../../routing/route-schemas.ts';
import { useSession } from '../../../session/session-context.tsx';
import {
  CreateDisqualificationInSectionModal,
  CreatePenaltyInSectionModal,
} from './-components/create-in-section-modals.tsx';
import { SectionLockedAlert } from './-components/section-locked-alert.tsx';
import { sectionLockedMessage } from './-components/section-lock.ts';
import { SelectDisqualificationsModal, SelectPenaltiesModal } from './-components/select-criteria-modal.tsx';
import { SubsectionFormModal } from './-components/subsection-form-modal.tsx';

export const Route = createFileRoute('/admin/section-detail/$id')({
  params: idParams('id'),
  component: SectionDetailPage,
});

function SectionDetailPage() {
  const { user } = useSession();
  const { id } = Route.useParams();
  if (!user) return null;
  return <SectionDetailScreen key={id} sectionId={id} />;
}

type SectionPenalty = SectionDetail['sectionPenalties'][number];
type SectionDisqualification = SectionDetail['sectionDisqualifications'][number];
type OpenModal =
  | 'section'
  | 'subsection'
  | 'penalties'
  | 'disqualifications'
  | 'new-penalty'
  | 'new-disqualification'
  | Subsection
  | null;

/**
 * A section with its subsections, penalties and disqualifications; STANDARD users only read.
 * While a started or closed event uses the section its structure cannot change: a refused
 * change shows why and offers Copy section, which opens the new copy.
 */
function SectionDetailScreen({ sectionId }: { sectionId: number }) {
  const canEdit = useAdminWriteAccess().canEdit;
  const navigate = useNavigate();
  const section = useApiQuery(
    `section-${sectionId}`,
    (signal) => getSection(sectionId, signal),
    (error) => {
      // Another state's section or one that no longer exists: nothing to show here.
      if (isApiError(error) && (error.code === ErrorCode.NotFound || error.code === ErrorCode.Forbidden)) {
        showAlert({ type: AlertType.Warning, message: AdminMessages.noSectionData });
        void navigate({ to: '/admin/manage-sections', replace: true });
        return;
      }
      handleGlobalError(error);
    },
  );
  const [modal, setModal] = useState<OpenModal>(null);
  const [lockedMessage, setLockedMessage] = useState<string | null>(null);
  const [isCopying, setIsCopying] = useState(false);
  const confirm = useConfirmDialog();
  const closeModal = () => setModal(null);

  const copy = async () => {
    setIsCopying(true);
    try {
      const response = await withLoading(copySection(sectionId));
      showAlert({ type: AlertType.Success, message: response.message });
      void navigate({ to: '/admin/section-detail/$id', params: { id: response.section.sectionId } });
    } catch (error) {
      reportMutationError(error);
    } finally {
      setIsCopying(false);
    }
  };

  const remove = async (type: CriteriaType, criteriaId: number, name: string) => {
    // A penalty or disqualification only leaves this section; the state's library keeps it.
    const question =
      type === CriteriaType.Subsection
        ? AdminMessages.confirmRemove(name)
        : `Remove "${name}" from this section? It stays in your state's ${type === CriteriaType.Penalty ? 'penalties' : 'disqualifications'} under Criteria.`;
    if (!(await confirm.ask(question, 'Remove'))) return;
    try {
      const response = await withLoading(removeCriteria(sectionId, type, criteriaId));
      section.setData(response.section);
      showAlert({ type: AlertType.Success, message: response.message });
    } catch (error) {
      const locked = sectionLockedMessage(error);
      if (locked === undefined) reportMutationError(error);
      else setLockedMessage(locked);
    }
  };

  const detail = section.data;
  const backButton = (
    <ButtonLink to="/admin/manage-sections" variant="default" size="sm" w="fit-content">
      ← Back to criteria
    </ButtonLink>
  );
  if (!detail) return backButton;

  const removeButton = (type: CriteriaType, id: number, name: string, isScored: boolean) => {
    if (isScored) {
      return (
        <Badge variant="light" color="gray" title="Judges have used it, so it stays.">
          In use
        </Badge>
      );
    }
    const isDetach = type !== CriteriaType.Subsection;
    return (
      <Button
        size="sm"
        variant="subtle"
        color="red.9"
        aria-label={isDetach ? `Remove ${name} from this section` : `Delete ${name}`}
        onClick={() => void remove(type, id, name)}
      >
        {isDetach ? 'Remove from section' : 'Delete'}
      </Button>
    );
  };

  const subsectionColumns: TableColumn<Subsection>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (subsection) => <Text fw={600}>{subsection.subsectionName}</Text>,
      sortValue: (subsection) => subsection.subsectionName,
    },
    {
      key: 'description',
      header: 'Description',
      render: (subsection) => subsection.subsectionDescription || <Text c="dimmed">—</Text>,
    },
    {
      key: 'score',
      header: 'Score',
      render: (subsection) => <span style={{ whiteSpace: 'nowrap' }}>1 - {subsection.subsectionMaxScore}</span>,
      sortValue: (subsection) => subsection.subsectionMaxScore,
    },
  ];
  if (canEdit) {
    subsectionColumns.push({
      key: 'actions',
      header: 'Actions',
      isHeaderHidden: true,
      align: 'right',
      fitsContent: true,
      render: (subsection) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="sm"
            variant="light"
            aria-label={`Edit ${subsection.subsectionName}`}
            onClick={() => setModal(subsection)}
          >
            Edit
          </Button>
          {removeButton(
            CriteriaType.Subsection,
            subsection.subsectionId,
            subsection.subsectionName,
            subsection.isScored,
          )}
        </Group>
      ),
    });
  }

  const penaltyColumns: TableColumn<SectionPenalty>[] = [
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
    { key: 'variable', header: 'Variable', render: (penalty) => (penalty.penaltyDynamic ? 'Yes' : 'No') },
  ];
  if (canEdit) {
    penaltyColumns.push({
      key: 'actions',
      header: 'Actions',
      isHeaderHidden: true,
      align: 'right',
      fitsContent: true,
      render: (penalty) => removeButton(CriteriaType.Penalty, penalty.penaltyId, penalty.penaltyName, penalty.isScored),
    });
  }

  const disqualificationColumns: TableColumn<SectionDisqualification>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (disqualification) => <Text fw={600}>{disqualification.disqualificationName}</Text>,
      sortValue: (disqualification) => disqualification.disqualificationName,
    },
  ];
  if (canEdit) {
    disqualificationColumns.push({
      key: 'actions',
      header: 'Actions',
      isHeaderHidden: true,
      align: 'right',
      fitsContent: true,
      render: (disqualification) =>
        removeButton(
          CriteriaType.Disqualification,
          disqualification.disqualificationId,
          disqualification.disqualificationName,
          disqualification.isScored,
        ),
    });
  }

  return (
    <Stack gap="xl">
      <Stack gap="md">
        {backButton}
        <Paper withBorder radius="md" p="lg" shadow="xs">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
            <Stack gap={6}>
              <Text size="sm" c="dimmed" fw={600} tt="uppercase">
                Section
              </Text>
              <Title order={1} size="h2">
                {detail.sectionName}
              </Title>
              <Text c={detail.sectionDescription ? undefined : 'dimmed'}>
                {detail.sectionDescription || 'No description.'}
              </Text>
            </Stack>
            {canEdit && (
              <Group gap="sm" flex="none" justify="flex-end">
                <Button
                  variant="default"
                  onClick={() => void copy()}
                  loading={isCopying}
                  aria-label={`Copy section ${detail.sectionName}`}
                >
                  Copy section
                </Button>
                <Button
                  variant="light"
                  onClick={() => setModal('section')}
                  aria-label={`Edit section ${detail.sectionName}`}
                >
                  Edit
                </Button>
              </Group>
            )}
          </Group>
        </Paper>
        {lockedMessage !== null && (
          <SectionLockedAlert
            message={lockedMessage}
            isCopying={isCopying}
            onCopy={() => void copy()}
            onClose={() => setLockedMessage(null)}
          />
        )}
      </Stack>

      <CriteriaBlock
        title="Subsections"
        addLabel={canEdit ? 'Add subsection' : undefined}
        onAdd={() => setModal('subsection')}
      >
        <SortableTable
          label="Subsections"
          columns={subsectionColumns}
          rows={detail.sectionSubsections}
          rowKey={(subsection) => subsection.subsectionId}
          emptyMessage="No subsections yet. Judges score a section by its subsections."
          minWidth={600}
        />
      </CriteriaBlock>

      <CriteriaBlock
        title="Penalties"
        addLabel={canEdit ? 'Add penalty' : undefined}
        onAdd={() => setModal('penalties')}
      >
        <SortableTable
          label="Penalties"
          columns={penaltyColumns}
          rows={detail.sectionPenalties}
          rowKey={(penalty) => penalty.penaltyId}
          emptyMessage="No penalties in this section."
          minWidth={480}
        />
      </CriteriaBlock>

      <CriteriaBlock
        title="Disqualifications"
        addLabel={canEdit ? 'Add disqualification' : undefined}
        onAdd={() => setModal('disqualifications')}
      >
        <SortableTable
          label="Disqualifications"
          columns={disqualificationColumns}
          rows={detail.sectionDisqualifications}
          rowKey={(disqualification) => disqualification.disqualificationId}
          emptyMessage="No disqualifications in this section."
          minWidth={360}
        />
      </CriteriaBlock>

      {modal === 'section' && <SectionFormModal section={detail} onClose={closeModal} onSaved={section.setData} />}
      {(modal === 'subsection' || (typeof modal === 'object' && modal !== null)) && (
        <SubsectionFormModal
          sectionId={sectionId}
          subsection={modal === 'subsection' ? null : modal}
          onClose={closeModal}
          onSaved={section.reload}
          onSectionLocked={setLockedMessage}
        />
      )}
      {modal === 'penalties' && (
        <SelectPenaltiesModal
          sectionId={sectionId}
          onClose={closeModal}
          onSaved={section.setData}
          onSectionLocked={setLockedMessage}
          onCreateNew={() => setModal('new-penalty')}
        />
      )}
      {modal === 'disqualifications' && (
        <SelectDisqualificationsModal
          sectionId={sectionId}
          onClose={closeModal}
          onSaved={section.setData}
          onSectionLocked={setLockedMessage}
          onCreateNew={() => setModal('new-disqualification')}
        />
      )}
      {modal === 'new-penalty' && (
        <CreatePenaltyInSectionModal
          sectionId={sectionId}
          onClose={closeModal}
          onSaved={section.setData}
          onSectionLocked={setLockedMessage}
        />
      )}
      {modal === 'new-disqualification' && (
        <CreateDisqualificationInSectionModal
          sectionId={sectionId}
          onClose={closeModal}
          onSaved={section.setData}
          onSectionLocked={setLockedMessage}
        />
      )}
      {confirm.dialog}
    </Stack>
  );
}

function CriteriaBlock({
  title,
  addLabel,
  onAdd,
  children,
}: {
  title: string;
  addLabel: string | undefined;
  onAdd(): void;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {addLabel && <Button onClick={onAdd}>{addLabel}</Button>}
      </Group>
      {children}
    </Stack>
  );
}
