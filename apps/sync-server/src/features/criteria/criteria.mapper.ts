import type { Disqualification, Penalty, SectionListItem, Subsection } from '@judging/shared-types';
import type {
  DisqualificationRowData,
  PenaltyRowData,
  SectionRowData,
  SubsectionRowData,
} from './criteria.repository.ts';

export function toSectionListItem(row: SectionRowData): SectionListItem {
  return {
    sectionId: row.section_id,
    sectionName: row.section_name,
    sectionDescription: row.section_description ?? '',
    sectionState: { stateId: row.state_id },
  };
}

export function toSubsection(row: SubsectionRowData): Subsection {
  return {
    subsectionId: row.subsection_id,
    sectionId: row.section_id,
    subsectionName: row.subsection_name,
    subsectionDescription: row.subsection_description ?? '',
    subsectionMaxScore: row.max_score,
    isScored: Boolean(row.is_scored),
  };
}

export function toPenalty(row: PenaltyRowData): Penalty {
  return {
    penaltyId: row.penalty_id,
    penaltyName: row.penalty_name,
    penaltyDeduction: row.deduction,
    penaltyDynamic: row.is_dynamic === 1,
    penaltyState: { stateId: row.state_id },
  };
}

export function toDisqualification(row: DisqualificationRowData): Disqualification {
  return {
    disqualificationId: row.disqualification_id,
    disqualificationName: row.disqualification_name,
    disqualificationState: { stateId: row.state_id },
  };
}

/** What the audit log keeps of each criterion. */
export const criteriaAuditView = {
  section: (row: SectionRowData) => ({ name: row.section_name, description: row.section_description }),
  subsection: (row: SubsectionRowData) => ({
    sectionId: row.section_id,
    name: row.subsection_name,
    description: row.subsection_description,
    maxScore: row.max_score,
  }),
  penalty: (row: PenaltyRowData) => ({
    name: row.penalty_name,
    deduction: row.deduction,
    isDynamic: row.is_dynamic === 1,
  }),
  disqualification: (row: DisqualificationRowData) => ({ name: row.disqualification_name }),
};
