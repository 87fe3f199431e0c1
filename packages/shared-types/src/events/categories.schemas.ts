// Categories of an event (/api/event/{eventId}/category/…): their criteria sections, the judges
// assigned per section, and the registered schools with student lists and running order.
// `hasScores` marks what judges' scores depend on, which cannot be removed.
import Type, { type Static } from 'typebox';
import { StudentNamesSchema } from '../registration/students.ts';
import { conflictsField } from '../judges/conflicts.schemas.ts';
import { idField, MAX_ID } from '../validation/fields.ts';
import { CategoryNameSchema, CategorySummaryListSchema } from './events.schemas.ts';

export const CategoryMessages = {
  added: 'Category added successfully.',
  updated: 'Category updated successfully.',
  removed: 'Remove successful',
  addFailed: 'Check error',
  notFound: 'That category does not exist in this event.',
  duplicateName: 'A category with this name already exists in this event.',
  sectionsAdded: 'Sections added successfully.',
  sectionsRequired: 'Select at least one section',
  sectionNotInCategory: 'That section is not part of this category.',
  sectionNotFound: 'That section does not exist.',
  judgesAssigned: 'Judges assigned successfully.',
  judgesRequired: 'Select at least one judge',
  judgeNotFound: 'That judge does not exist.',
  judgeArchived: 'Archived judges cannot be assigned.',
  judgeNotAssigned: 'That judge is not assigned to this section.',
  studentsUpdated: 'School students updated successfully.',
  schoolNotRegistered: 'That school is not registered in this category.',
  orderUpdated: 'Schools order updated',
  orderRequired: 'List the schools to order',
  duplicateSchool: 'Each school can be listed once',
  schoolsRequired: 'Select at least one school',
  schoolsAdded: 'Schools added successfully.',
  schoolNotFound: 'That school does not exist.',
  schoolsAlreadyInCategory: 'Already in this category:',
  categoryHasScores: 'Judges have already entered scores in this category, so it cannot be removed.',
  sectionHasScores: 'Judges have already entered scores for this section, so it cannot be removed.',
  judgeHasScores: 'This judge has already entered scores for this section, so the judge cannot be removed.',
  schoolHasScores: 'Judges have already entered scores for this school, so it cannot be removed.',
} as const;

export const CategoryParamsSchema = Type.Object({
  eventId: idField(),
  categoryId: idField(),
});
export const CategorySectionParamsSchema = Type.Object({
  eventId: idField(),
  categoryId: idField(),
  sectionId: idField(),
});
export const CategoryJudgeParamsSchema = Type.Object({
  eventId: idField(),
  categoryId: idField(),
  sectionId: idField(),
  judgeId: idField(),
});
export const CategorySchoolParamsSchema = Type.Object({
  eventId: idField(),
  categoryId: idField(),
  schoolId: idField(),
});

/** POST /api/event/{eventId}/category and PUT …/category/{categoryId}. */
export const CategoryNameBodySchema = Type.Object({ categoryName: CategoryNameSchema });
export type CategoryNameBody = Static<typeof CategoryNameBodySchema>;

export const SectionJudgeSchema = Type.Object(
  {
    judgeId: Type.Integer(),
    judgeFirstName: Type.String(),
    judgeLastName: Type.String(),
    judgeEmail: Type.String(),
    judgePhone: Type.String(),
    /** The judge entered scores in this section: removing them would lose work. */
    hasScores: Type.Boolean(),
    /** The judge's conflicts with schools of this category (fair panels). */
    ...conflictsField,
  },
  { title: 'SectionJudge' },
);
export type SectionJudge = Static<typeof SectionJudgeSchema>;

export const CategorySectionSchema = Type.Object(
  {
    sectionId: Type.Integer(),
    sectionName: Type.String(),
    sectionDescription: Type.Union([Type.String(), Type.Null()]),
    /** Judges of this section, sorted by last name. */
    sectionJudges: Type.Array(SectionJudgeSchema),
    hasScores: Type.Boolean(),
  },
  { title: 'CategorySection' },
);
export type CategorySection = Static<typeof CategorySectionSchema>;
export const CategorySectionListSchema = Type.Array(CategorySectionSchema);

export const CategorySchoolSchema = Type.Object(
  {
    schoolId: Type.Integer(),
    schoolName: Type.String(),
    schoolStudents: Type.Array(Type.String()),
    /** Running order from 0; judges see schools in this order. */
    schoolOrder: Type.Integer(),
    hasScores: Type.Boolean(),
  },
  { title: 'CategorySchool' },
);
export type CategorySchool = Static<typeof CategorySchoolSchema>;

export const CategoryDetailSchema = Type.Object(
  {
    categoryId: Type.Integer(),
    categoryName: Type.String(),
    eventId: Type.Integer(),
    categorySections: CategorySectionListSchema,
    /** Sorted by schoolOrder. */
    categorySchools: Type.Array(CategorySchoolSchema),
    hasScores: Type.Boolean(),
  },
  { title: 'CategoryDetail' },
);
export type CategoryDetail = Static<typeof CategoryDetailSchema>;

export const CategoryMutationResponseSchema = Type.Object({
  status: Type.Literal('Success'),
  message: Type.String(),
  category: CategoryDetailSchema,
});
export type CategoryMutationResponse = Static<typeof CategoryMutationResponseSchema>;

/** DELETE …/category/{categoryId}: the event's remaining categories. */
export const CategoryRemovedResponseSchema = Type.Object({
  status: Type.Literal('Success'),
  message: Type.String(),
  categories: CategorySummaryListSchema,
});

/** A state section not yet used by the category (select-sections modal). */
export const AvailableSectionSchema = Type.Object({
  sectionId: Type.Integer(),
  sectionName: Type.String(),
  sectionDescription: Type.Union([Type.String(), Type.Null()]),
});
export const AvailableSectionListSchema = Type.Array(AvailableSectionSchema);

/** An active judge of the state not yet assigned to the section (assign-judges modal). */
export const AvailableJudgeSchema = Type.Object({
  judgeId: Type.Integer(),
  judgeFirstName: Type.String(),
  judgeLastName: Type.String(),
  judgeEmail: Type.String(),
  judgePhone: Type.String(),
  /** The judge's conflicts with schools of this category: assigning them warns. */
  ...conflictsField,
});
export const AvailableJudgeListSchema = Type.Array(AvailableJudgeSchema);

/** POST /api/event/{eventId}/category/{categoryId}/section: a list of {sectionId}. */
export const AssignSectionsSchema = Type.Array(Type.Object({ sectionId: idField() }), {
  minItems: 1,
  maxItems: 100,
  'x-messages': { required: CategoryMessages.sectionsRequired, invalid: CategoryMessages.sectionsRequired },
});
export type AssignSections = Static<typeof AssignSectionsSchema>;

/** POST /api/event/{eventId}/category/{categoryId}/section/{sectionId}: a list of {judgeId}. */
export const AssignJudgesSchema = Type.Array(Type.Object({ judgeId: idField() }), {
  minItems: 1,
  maxItems: 100,
  'x-messages': { required: CategoryMessages.judgesRequired, invalid: CategoryMessages.judgesRequired },
});
export type AssignJudges = Static<typeof AssignJudgesSchema>;

/** PUT …/school/{schoolId}: the comma-separated student list (1 to 5 names). */
export const UpdateSchoolStudentsSchema = Type.Object({ schoolStudents: StudentNamesSchema });
export type UpdateSchoolStudents = Static<typeof UpdateSchoolStudentsSchema>;

/**
 * POST …/category/{categoryId}/school: existing schools of the state added to the category in one
 * step, each with its students (1 to 5 names, comma separated); they run last, in this order.
 */
export const AddSchoolsToCategorySchema = Type.Array(
  Type.Object({ schoolId: idField(), schoolStudents: StudentNamesSchema }),
  {
    minItems: 1,
    maxItems: 500,
    'x-messages': { required: CategoryMessages.schoolsRequired, invalid: CategoryMessages.schoolsRequired },
  },
);
export type AddSchoolsToCategory = Static<typeof AddSchoolsToCategorySchema>;

/** PUT …/school: the dragged order; the server renumbers from 0. */
export const SchoolOrderSchema = Type.Array(
  Type.Object({ schoolId: idField(), schoolOrder: Type.Integer({ minimum: 0, maximum: MAX_ID }) }),
  {
    minItems: 1,
    maxItems: 500,
    'x-messages': { required: CategoryMessages.orderRequired, invalid: CategoryMessages.orderRequired },
  },
);
export type SchoolOrder = Static<typeof SchoolOrderSchema>;
