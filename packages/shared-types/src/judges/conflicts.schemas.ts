// Fair panels (issue 39): the schools a judge is tied to. A conflict keeps the judge from that
// school's cells in every event that is not closed (docs/decisions/0145-conflicts-of-interest.md).
import Type, { type Static } from 'typebox';
import { idField } from '../validation/fields.ts';

export const ConflictMessages = {
  /** The judge's own change once an event they judge has started: a coordinator changes it then. */
  lockedAfterStart:
    'An event you judge has started: your conflicts can no longer change here. Ask the coordinator to add or remove one.',
  schoolNotInState: "Choose schools from your state's list.",
  alreadyDeclared: 'This judge already has a conflict with that school.',
  notDeclared: 'This judge has no conflict with that school.',
  saved: 'Conflicts saved.',
  added: 'Conflict added. The judge no longer scores that school; scores already made stay stored and stop counting.',
  removed: 'Conflict removed. The judge owes that school’s cells again where assigned.',
} as const;

/** A school a judge is in conflict with, as assignment screens show it. */
export const ConflictSchoolSchema = Type.Object({ schoolId: Type.Integer(), schoolName: Type.String() });
export type ConflictSchool = Static<typeof ConflictSchoolSchema>;

/** Optional on judge rows: the judge's conflicts (on category screens: with the category's schools only). */
export const conflictsField = {
  conflicts: Type.Optional(Type.Array(ConflictSchoolSchema)),
};

export const JudgeConflictSchema = Type.Object(
  {
    schoolId: Type.Integer(),
    schoolName: Type.String(),
    /** Who declared it: the judge, or a coordinator (null: that account is gone). */
    declaredById: Type.Union([Type.Integer(), Type.Null()]),
    declaredByName: Type.String(),
    declaredAt: Type.String(),
  },
  { title: 'JudgeConflict' },
);
export type JudgeConflict = Static<typeof JudgeConflictSchema>;

export const JudgeConflictsSchema = Type.Object(
  {
    judgeId: Type.Integer(),
    /** By school name. */
    conflicts: Type.Array(JudgeConflictSchema),
    /** The judge may change them themself: no event they judge has started. */
    isEditableByJudge: Type.Boolean(),
  },
  { title: 'JudgeConflicts' },
);
export type JudgeConflicts = Static<typeof JudgeConflictsSchema>;

const schoolIdsField = Type.Array(idField({ required: ConflictMessages.schoolNotInState }), {
  maxItems: 200,
  'x-messages': { invalid: ConflictMessages.schoolNotInState },
});

/** The judge's own list, replaced whole (settings); the registration form sends the same field. */
export const SetConflictsSchema = Type.Object({ schoolIds: schoolIdsField });
export type SetConflicts = Static<typeof SetConflictsSchema>;

/** At self-registration: the schools the judge is tied to (optional). */
export const conflictSchoolIdsField = { conflictSchoolIds: Type.Optional(schoolIdsField) };

/** A coordinator adds one conflict. */
export const AddConflictSchema = Type.Object({ schoolId: idField({ required: ConflictMessages.schoolNotInState }) });
export type AddConflict = Static<typeof AddConflictSchema>;

export const JudgeConflictParamsSchema = Type.Object({ judgeId: idField(), schoolId: idField() });
export type JudgeConflictParams = Static<typeof JudgeConflictParamsSchema>;
