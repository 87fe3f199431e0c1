import Type, { type Static } from 'typebox';
import { idField, requiredText } from '../validation/fields.ts';
import { optionalNullableText } from '../common/params.schemas.ts';

/**
 * Criteria: a state's reusable sections (with subsections scored 1..max) and its penalties and
 * disqualifications, which are attached to sections. Texts of seed section 8, with the
 * seed's copy-paste slips fixed (docs/decisions/0022-criteria-per-state.md).
 */
export const CriteriaMessages = {
  sectionAdded: 'Section added successfully.',
  sectionUpdated: 'Section updated successfully.',
  sectionCopied: 'Section copied successfully. The copy is yours to change.',
  subsectionAdded: 'Subsection added successfully.',
  subsectionUpdated: 'Subsection updated successfully.',
  subsectionRemoved: 'Subsection removed successfully.',
  penaltyAdded: 'Penalty added successfully.',
  penaltyCreatedInSection: "Penalty created in your state's penalties and added to this section.",
  penaltyUpdated: 'Penalty updated successfully.',
  penaltyRemoved: 'Penalty removed successfully.',
  disqualificationAdded: 'Disqualification added successfully.',
  disqualificationCreatedInSection:
    "Disqualification created in your state's disqualifications and added to this section.",
  disqualificationUpdated: 'Disqualification updated successfully.',
  disqualificationRemoved: 'Disqualification removed successfully.',
  sectionNotFound: 'Section not found.',
  subsectionNotFound: 'Subsection not found.',
  penaltyNotFound: 'Penalty not found.',
  disqualificationNotFound: 'Disqualification not found.',
  notInSection: 'That item is not part of this section.',
  otherStatePenalty: "Only your state's penalties can be added to its sections.",
  otherStateDisqualification: "Only your state's disqualifications can be added to its sections.",
  maxScoreLocked: 'The score range of a subsection cannot be changed once it exists. Add a new subsection instead.',
  deductionLocked: 'The deduction of a penalty cannot be changed once it exists. Add a new penalty instead.',
  dynamicLocked: 'Whether a penalty is time-based cannot be changed once it exists. Add a new penalty instead.',
  subsectionScored: 'Judges have already scored this subsection, so it cannot be removed.',
  penaltyApplied: 'Judges have already applied this penalty in this section, so it cannot be removed from it.',
  disqualificationApplied:
    'Judges have already applied this disqualification in this section, so it cannot be removed from it.',
  selectPenalty: 'Select at least one penalty',
  selectDisqualification: 'Select at least one disqualification',
} as const;

export const CRITERIA_MAX_SCORE_LIMIT = 20;
export const SECTION_NAME_MAX_LENGTH = 200;
export const PENALTY_DEDUCTION_LIMIT = 20;

const DESCRIPTION_MAX = 1000;

/** 1 to 20, whole numbers (seed sections 5 and 9). */
function wholeNumberField(required: string, invalid: string) {
  return Type.Integer({ minimum: 1, maximum: 20, 'x-messages': { required, invalid } });
}
const scoreRangeField = wholeNumberField('Score Range is required', 'Score Range must be a whole number from 1 to 20');
const deductionField = wholeNumberField(
  'Penalty Deduction is required',
  'Penalty Deduction must be a whole number from 1 to 20',
);

const StateRefSchema = Type.Object({ stateId: Type.Integer() });

// ----- responses -----

export const SectionListItemSchema = Type.Object({
  sectionId: Type.Integer(),
  sectionName: Type.String(),
  /** '' when none. */
  sectionDescription: Type.String(),
  sectionState: StateRefSchema,
});
export type SectionListItem = Static<typeof SectionListItemSchema>;
export const SectionListSchema = Type.Array(SectionListItemSchema);

export const SubsectionSchema = Type.Object(
  {
    subsectionId: Type.Integer(),
    sectionId: Type.Integer(),
    subsectionName: Type.String(),
    subsectionDescription: Type.String(),
    /** Scores run from 1 to this, in steps of 0.25. Locked once created. */
    subsectionMaxScore: Type.Integer(),
    /** True once any judge scored it: it can no longer be removed. */
    isScored: Type.Boolean(),
  },
  { title: 'Subsection' },
);
export type Subsection = Static<typeof SubsectionSchema>;

export const PenaltySchema = Type.Object(
  {
    penaltyId: Type.Integer(),
    penaltyName: Type.String(),
    /** The fixed deduction, or the maximum of a time-based penalty (1..20). Locked once created. */
    penaltyDeduction: Type.Integer(),
    /** Time-based: the judge enters the amount, 0.25 per started 15 seconds. Locked once created. */
    penaltyDynamic: Type.Boolean(),
    penaltyState: StateRefSchema,
  },
  { title: 'Penalty' },
);
export type Penalty = Static<typeof PenaltySchema>;
export const PenaltyListSchema = Type.Array(PenaltySchema);

export const DisqualificationSchema = Type.Object(
  {
    disqualificationId: Type.Integer(),
    disqualificationName: Type.String(),
    disqualificationState: StateRefSchema,
  },
  { title: 'Disqualification' },
);
export type Disqualification = Static<typeof DisqualificationSchema>;
export const DisqualificationListSchema = Type.Array(DisqualificationSchema);

/** A penalty as attached to one section; `isScored` = a judge applied it there (cannot be detached). */
export const SectionPenaltySchema = Type.Object({ ...PenaltySchema.properties, isScored: Type.Boolean() });
export const SectionDisqualificationSchema = Type.Object({
  ...DisqualificationSchema.properties,
  isScored: Type.Boolean(),
});

export const SectionDetailSchema = Type.Object(
  {
    ...SectionListItemSchema.properties,
    sectionSubsections: Type.Array(SubsectionSchema),
    sectionPenalties: Type.Array(SectionPenaltySchema),
    sectionDisqualifications: Type.Array(SectionDisqualificationSchema),
    /** True once any judge scored anything in this section. */
    isScored: Type.Boolean(),
  },
  { title: 'SectionDetail' },
);
export type SectionDetail = Static<typeof SectionDetailSchema>;

export const SectionMutationResponseSchema = Type.Object({
  status: Type.Literal('Success'),
  message: Type.String(),
  section: SectionDetailSchema,
});
export type SectionMutationResponse = Static<typeof SectionMutationResponseSchema>;

export const SubsectionMutationResponseSchema = Type.Object({
  status: Type.Literal('Success'),
  message: Type.String(),
  subsection: SubsectionSchema,
});
export type SubsectionMutationResponse = Static<typeof SubsectionMutationResponseSchema>;

export const PenaltyMutationResponseSchema = Type.Object({
  status: Type.Literal('Success'),
  message: Type.String(),
  penalty: PenaltySchema,
});
export type PenaltyMutationResponse = Static<typeof PenaltyMutationResponseSchema>;

export const DisqualificationMutationResponseSchema = Type.Object({
  status: Type.Literal('Success'),
  message: Type.String(),
  disqualification: DisqualificationSchema,
});
export type DisqualificationMutationResponse = Static<typeof DisqualificationMutationResponseSchema>;

// ----- requests -----

/** Add and update section. Description optional. */
export const SectionFormSchema = Type.Object({
  sectionName: requiredText('Section Name is required', SECTION_NAME_MAX_LENGTH),
  sectionDescription: optionalNullableText(DESCRIPTION_MAX),
});
export type SectionForm = Static<typeof SectionFormSchema>;

export const SubsectionCreateSchema = Type.Object({
  subsectionName: requiredText('Subsection Name is required'),
  subsectionDescription: optionalNullableText(DESCRIPTION_MAX),
  subsectionMaxScore: scoreRangeField,
});
export type SubsectionCreate = Static<typeof SubsectionCreateSchema>;

/** The max score is locked: it may be restated, a different value is refused. */
export const SubsectionUpdateSchema = Type.Object({
  subsectionId: Type.Optional(idField()),
  subsectionName: requiredText('Subsection Name is required'),
  subsectionDescription: optionalNullableText(DESCRIPTION_MAX),
  subsectionMaxScore: Type.Optional(scoreRangeField),
});
export type SubsectionUpdate = Static<typeof SubsectionUpdateSchema>;

export const PenaltyCreateSchema = Type.Object({
  penaltyName: requiredText('Penalty Name is required'),
  penaltyDeduction: deductionField,
  penaltyDynamic: Type.Optional(Type.Boolean()),
});
export type PenaltyCreate = Static<typeof PenaltyCreateSchema>;

/** Deduction and the time-based flag are locked: they may be restated, different values are refused. */
export const PenaltyUpdateSchema = Type.Object({
  penaltyId: Type.Optional(idField()),
  penaltyName: requiredText('Penalty Name is required'),
  penaltyDeduction: Type.Optional(deductionField),
  penaltyDynamic: Type.Optional(Type.Boolean()),
});
export type PenaltyUpdate = Static<typeof PenaltyUpdateSchema>;

/** Add and update disqualification. */
export const DisqualificationInputSchema = Type.Object({
  disqualificationId: Type.Optional(idField()),
  disqualificationName: requiredText('Disqualification Name is required'),
});
export type DisqualificationInput = Static<typeof DisqualificationInputSchema>;

/** The select-penalties modal: a list of `{ penaltyId }`. */
export const AttachPenaltiesSchema = Type.Array(
  Type.Object({
    penaltyId: idField({ required: CriteriaMessages.selectPenalty }),
  }),
  {
    minItems: 1,
    maxItems: 200,
    'x-messages': { required: CriteriaMessages.selectPenalty, invalid: CriteriaMessages.selectPenalty },
  },
);
export type AttachPenalties = Static<typeof AttachPenaltiesSchema>;

export const AttachDisqualificationsSchema = Type.Array(
  Type.Object({
    disqualificationId: idField({ required: CriteriaMessages.selectDisqualification }),
  }),
  {
    minItems: 1,
    maxItems: 200,
    'x-messages': {
      required: CriteriaMessages.selectDisqualification,
      invalid: CriteriaMessages.selectDisqualification,
    },
  },
);
export type AttachDisqualifications = Static<typeof AttachDisqualificationsSchema>;

export const SectionIdParamsSchema = Type.Object({ sectionId: idField() });
export const SubsectionIdParamsSchema = Type.Object({ subsectionId: idField() });
export const PenaltyIdParamsSchema = Type.Object({ penaltyId: idField() });
export const DisqualificationIdParamsSchema = Type.Object({ disqualificationId: idField() });

export const CriteriaType = {
  Subsection: 'subsection',
  Penalty: 'penalty',
  Disqualification: 'disqualification',
} as const;
export type CriteriaType = (typeof CriteriaType)[keyof typeof CriteriaType];

/** DELETE section/:sectionId/:type/:criteriaId */
export const CriteriaRemoveParamsSchema = Type.Object({
  sectionId: idField(),
  type: Type.Enum([CriteriaType.Subsection, CriteriaType.Penalty, CriteriaType.Disqualification], {
    'x-messages': { invalid: 'The type must be subsection, penalty or disqualification' },
  }),
  criteriaId: idField(),
});
export type CriteriaRemoveParams = Static<typeof CriteriaRemoveParamsSchema>;
