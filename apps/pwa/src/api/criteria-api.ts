import {
  DisqualificationListSchema,
  DisqualificationMutationResponseSchema,
  PenaltyListSchema,
  PenaltyMutationResponseSchema,
  SectionDetailSchema,
  SectionListSchema,
  SectionMutationResponseSchema,
  SubsectionMutationResponseSchema,
  type CriteriaType,
  type DisqualificationInput,
  type PenaltyCreate,
  type PenaltyUpdate,
  type SectionForm,
  type SubsectionCreate,
  type SubsectionUpdate,
} from '@judging/shared-types';
import { api } from './api.ts';

// ----- the state's lists (manage-sections tabs) -----

export function listSections(stateId: number, signal?: AbortSignal) {
  return api.get(`/state/${stateId}/section`, SectionListSchema, { signal });
}

export function listPenalties(stateId: number, signal?: AbortSignal) {
  return api.get(`/state/${stateId}/penalty`, PenaltyListSchema, { signal });
}

export function listDisqualifications(stateId: number, signal?: AbortSignal) {
  return api.get(`/state/${stateId}/disqualification`, DisqualificationListSchema, { signal });
}

// ----- sections -----

/** GET section/{id}: the section with its subsections, penalties and disqualifications. */
export function getSection(sectionId: number, signal?: AbortSignal) {
  return api.get(`/section/${sectionId}`, SectionDetailSchema, { signal });
}

export function createSection(section: SectionForm) {
  return api.post('/section', section, SectionMutationResponseSchema);
}

export function updateSection(sectionId: number, section: SectionForm) {
  return api.put(`/section/${sectionId}`, section, SectionMutationResponseSchema);
}

/** POST section/{id}/copy: a new section with the same subsections, penalties and disqualifications, free to change. */
export function copySection(sectionId: number) {
  return api.post(`/section/${sectionId}/copy`, undefined, SectionMutationResponseSchema);
}

export function createSubsection(sectionId: number, subsection: SubsectionCreate) {
  return api.post(`/section/${sectionId}/subsection`, subsection, SubsectionMutationResponseSchema);
}

/** PUT subsection/{id}: name and description; the max score may only be restated. */
export function updateSubsection(subsectionId: number, subsection: SubsectionUpdate) {
  return api.put(`/subsection/${subsectionId}`, { ...subsection, subsectionId }, SubsectionMutationResponseSchema);
}

/** The state's penalties and disqualifications not yet attached to the section. */
export function listAvailablePenalties(sectionId: number, signal?: AbortSignal) {
  return api.get(`/section/${sectionId}/available/penalties`, PenaltyListSchema, { signal });
}

export function listAvailableDisqualifications(sectionId: number, signal?: AbortSignal) {
  return api.get(`/section/${sectionId}/available/disqualifications`, DisqualificationListSchema, { signal });
}

export function attachPenalties(sectionId: number, penaltyIds: readonly number[]) {
  const body = penaltyIds.map((penaltyId) => ({ penaltyId }));
  return api.post(`/section/${sectionId}/penalty`, body, SectionMutationResponseSchema);
}

export function attachDisqualifications(sectionId: number, disqualificationIds: readonly number[]) {
  const body = disqualificationIds.map((disqualificationId) => ({ disqualificationId }));
  return api.post(`/section/${sectionId}/disqualification`, body, SectionMutationResponseSchema);
}

/** POST section/{id}/penalty/new: a new penalty of the state, attached to the section in the same step. */
export function createPenaltyInSection(sectionId: number, penalty: PenaltyCreate) {
  return api.post(`/section/${sectionId}/penalty/new`, penalty, SectionMutationResponseSchema);
}

/** POST section/{id}/disqualification/new: a new disqualification of the state, attached in the same step. */
export function createDisqualificationInSection(sectionId: number, disqualification: DisqualificationInput) {
  return api.post(`/section/${sectionId}/disqualification/new`, disqualification, SectionMutationResponseSchema);
}

/** DELETE section/{id}/{type}/{criteriaId}: removes a subsection, detaches a penalty or disqualification. */
export function removeCriteria(sectionId: number, type: CriteriaType, criteriaId: number) {
  return api.delete(`/section/${sectionId}/${type}/${criteriaId}`, SectionMutationResponseSchema);
}

// ----- penalties and disqualifications -----

export function createPenalty(penalty: PenaltyCreate) {
  return api.post('/penalty', penalty, PenaltyMutationResponseSchema);
}

/** PUT penalty/{id}: the name; deduction and time-based flag may only be restated. */
export function updatePenalty(penaltyId: number, penalty: PenaltyUpdate) {
  return api.put(`/penalty/${penaltyId}`, { ...penalty, penaltyId }, PenaltyMutationResponseSchema);
}

export function createDisqualification(disqualification: DisqualificationInput) {
  return api.post('/disqualification', disqualification, DisqualificationMutationResponseSchema);
}

export function updateDisqualification(disqualificationId: number, disqualification: DisqualificationInput) {
  return api.put(
    `/disqualification/${disqualificationId}`,
    { ...disqualification, disqualificationId },
    DisqualificationMutationResponseSchema,
  );
}
