import Type, { type Static } from 'typebox';
import { emailField, idField, phoneField, requiredText } from '../validation/fields.ts';
import { optionalNullableText } from '../common/params.schemas.ts';

export const SchoolMessages = {
  updated: 'School updated successfully.',
  notFound: 'School not found.',
  duplicateName: 'Another school in this state already has that name.',
} as const;

/** A school (team) of a state, as the manage-schools screens see it. Empty educators are ''. */
export const SchoolSchema = Type.Object(
  {
    schoolId: Type.Integer(),
    schoolName: Type.String(),
    schoolPrincipal: Type.String(),
    schoolEducator1: Type.String(),
    schoolEducator2: Type.String(),
    schoolEducator3: Type.String(),
    schoolContactName: Type.String(),
    schoolContactEmail: Type.String(),
    schoolContactPhone: Type.String(),
    schoolState: Type.Object({ schoolStateId: Type.Integer() }),
    profile: Type.Literal('school'),
  },
  { title: 'School' },
);
export type School = Static<typeof SchoolSchema>;
export const SchoolListSchema = Type.Array(SchoolSchema);

/**
 * The school's own fields with the seed's messages (section 5 "School"); the modify-school
 * modal and the registration form (events feature) both use them.
 */
export const SchoolDetailsSchema = Type.Object({
  schoolName: requiredText('School Name is required'),
  schoolPrincipal: requiredText('Principal is required'),
  schoolEducator1: requiredText('Please enter at least one (1) Educator'),
  schoolEducator2: optionalNullableText(200),
  schoolEducator3: optionalNullableText(200),
  schoolContactName: requiredText('Primary Contact is required'),
  schoolContactEmail: emailField('Primary Contact Email is required'),
  schoolContactPhone: phoneField('Primary Contact Phone is required'),
});
export type SchoolDetails = Static<typeof SchoolDetailsSchema>;

/** PUT school/:schoolId. The state cannot change; `schoolState` and `profile` are accepted and ignored. */
export const SchoolUpdateSchema = Type.Object({
  schoolId: Type.Optional(idField()),
  ...SchoolDetailsSchema.properties,
  schoolState: Type.Optional(Type.Object({ schoolStateId: Type.Optional(idField()) })),
  profile: Type.Optional(Type.String()),
});
export type SchoolUpdate = Static<typeof SchoolUpdateSchema>;

export const SchoolIdParamsSchema = Type.Object({ schoolId: idField() });

export const SchoolMutationResponseSchema = Type.Object({
  status: Type.Literal('Success'),
  message: Type.String(),
  school: SchoolSchema,
});
export type SchoolMutationResponse = Static<typeof SchoolMutationResponseSchema>;
