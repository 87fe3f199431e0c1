// Student lists: a school's team in one category, typed as names separated by commas
// (seed section 5 and 9: up to 5 per category). On the wire a list is sent as that text
// and answered as an array of names.
import Type from 'typebox';
import { requiredText } from '../validation/fields.ts';

export const MAX_STUDENTS_PER_CATEGORY = 5;
const MAX_STUDENT_NAME_LENGTH = 100;

export const StudentMessages = {
  required: 'Student Names are required',
  tooMany: `Up to ${MAX_STUDENTS_PER_CATEGORY} students per category, separated by commas`,
  nameTooLong: `Each student name must be at most ${MAX_STUDENT_NAME_LENGTH} characters`,
} as const;

/** "Ann Lee, Bo Chen,," → ["Ann Lee", "Bo Chen"]: trimmed, blanks dropped, inner spaces collapsed. */
export function parseStudentNames(text: string): string[] {
  return text
    .split(',')
    .map((name) => name.trim().replace(/\s+/g, ' '))
    .filter((name) => name.length > 0);
}

/** The list as the form shows it again: "Ann Lee, Bo Chen". */
export function formatStudentNames(names: readonly string[]): string {
  return names.join(', ');
}

/** The message for a typed list, or undefined when it is fine. */
export function describeStudentNamesError(text: string): string | undefined {
  const names = parseStudentNames(text);
  if (names.length === 0) return StudentMessages.required;
  if (names.length > MAX_STUDENTS_PER_CATEGORY) return StudentMessages.tooMany;
  if (names.some((name) => name.length > MAX_STUDENT_NAME_LENGTH)) return StudentMessages.nameTooLong;
  return undefined;
}

/**
 * A comma-separated list of 1 to 5 student names: one schema, used by every field of a list
 * (a schema is a value; sharing it lets the app's build write the schemas holding it as data).
 */
export const StudentNamesSchema = Type.Refine(
  requiredText(StudentMessages.required, 1000),
  (text) => describeStudentNamesError(text) === undefined,
  (text) => describeStudentNamesError(text) ?? StudentMessages.required,
);
