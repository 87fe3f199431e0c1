import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { validate } from '../validation/validate.ts';
import { UpdateSchoolStudentsSchema } from '../events/categories.schemas.ts';
import {
  ContactRequestSchema,
  OverviewRequestSchema,
  SchoolChangeRequestSchema,
} from '../requests/requests.schemas.ts';
import { HelpFileUploadFieldsSchema } from '../help-files/help-files.schemas.ts';
import { validateSchoolRegistration } from './registration.schemas.ts';
import { describeStudentNamesError, formatStudentNames, parseStudentNames } from './students.ts';

function messages(
  result: { ok: true } | { ok: false; errors: { field: string; message: string }[] },
): Record<string, string> {
  return result.ok ? {} : Object.fromEntries(result.errors.map((e) => [e.field, e.message]));
}

test('student lists: comma separated, 1 to 5 names', () => {
  assert.equal(parseStudentNames(' Ann  Lee, Bo Chen,, '), ['Ann Lee', 'Bo Chen']);
  assert.is(formatStudentNames(['Ann Lee', 'Bo Chen']), 'Ann Lee, Bo Chen');
  const cases: Array<[string, string | undefined]> = [
    ['Ann', undefined],
    ['A, B, C, D, E', undefined],
    ['A, B, C, D, E, F', 'Up to 5 students per category, separated by commas'],
    ['', 'Student Names are required'],
    [' , ,', 'Student Names are required'],
    [`${'x'.repeat(101)}`, 'Each student name must be at most 100 characters'],
  ];
  for (const [text, expected] of cases) assert.is(describeStudentNamesError(text), expected, text);
  assert.equal(messages(validate(UpdateSchoolStudentsSchema, { schoolStudents: '' })), {
    schoolStudents: 'Student Names are required',
  });
  assert.equal(messages(validate(UpdateSchoolStudentsSchema, { schoolStudents: 'a,b,c,d,e,f' })), {
    schoolStudents: 'Up to 5 students per category, separated by commas',
  });
  assert.equal(messages(validate(UpdateSchoolStudentsSchema, {})), { schoolStudents: 'Student Names are required' });
});

const newSchool = {
  schoolId: null,
  schoolName: 'Brandywine High School',
  schoolPrincipal: '',
  schoolEducator1: 'Chef Lee',
  schoolContactName: 'Ann Lee',
  schoolContactEmail: 'ann.lee@brandywine.test',
  schoolContactPhone: '302-555-0111',
};
const registration = {
  school: newSchool,
  state: { stateId: 8 },
  event: { eventId: 1, categories: [{ categoryId: 2, students: 'Ann, Bo' }] },
};

test('registration: a new school needs its details', () => {
  assert.ok(validateSchoolRegistration(registration).ok);
  assert.equal(messages(validateSchoolRegistration({ ...registration, school: { schoolId: null } })), {
    'school.schoolName': 'School Name is required',
    'school.schoolEducator1': 'Please enter at least one (1) Educator',
    'school.schoolContactName': 'Primary Contact is required',
    'school.schoolContactEmail': 'Primary Contact Email is required',
    'school.schoolContactPhone': 'Primary Contact Phone is required',
  });
  assert.equal(
    messages(validateSchoolRegistration({ ...registration, school: { ...newSchool, schoolContactEmail: 'nope' } })),
    {
      'school.schoolContactEmail': 'Email format is invalid',
    },
  );
});

test('registration: every problem at once, the new school details with a missing category', () => {
  const empty = { school: { schoolId: null }, state: { stateId: 8 }, event: { eventId: 1, categories: [] } };
  assert.equal(messages(validateSchoolRegistration(empty)), {
    'event.categories': 'Please select at least one category',
    'school.schoolName': 'School Name is required',
    'school.schoolEducator1': 'Please enter at least one (1) Educator',
    'school.schoolContactName': 'Primary Contact is required',
    'school.schoolContactEmail': 'Primary Contact Email is required',
    'school.schoolContactPhone': 'Primary Contact Phone is required',
  });
  // A listed school has no details to check.
  assert.equal(messages(validateSchoolRegistration({ ...empty, school: { schoolId: 12 } })), {
    'event.categories': 'Please select at least one category',
  });
});

test('registration: a listed school is picked by id; the selection itself is required', () => {
  assert.ok(validateSchoolRegistration({ ...registration, school: { schoolId: 12 } }).ok);
  const selection = 'Please make a selection - if your school is not listed, select * My school is not listed *';
  assert.equal(messages(validateSchoolRegistration({ ...registration, school: {} })), { 'school.schoolId': selection });
  assert.equal(messages(validateSchoolRegistration({ ...registration, school: { schoolId: 'x' } })), {
    'school.schoolId': selection,
  });
  assert.equal(messages(validateSchoolRegistration({ state: {}, event: {} })), {
    school: selection,
    'state.stateId': 'State is required',
    'event.eventId': 'Event is required',
    'event.categories': 'Please select at least one category',
  });
});

test('registration: categories and students', () => {
  const withCategories = (categories: unknown) => ({ ...registration, event: { eventId: 1, categories } });
  assert.equal(messages(validateSchoolRegistration(withCategories([]))), {
    'event.categories': 'Please select at least one category',
  });
  assert.equal(messages(validateSchoolRegistration(withCategories([{ categoryId: 2, students: '' }]))), {
    'event.categories.0.students': 'Student Names are required',
  });
  assert.equal(messages(validateSchoolRegistration(withCategories([{ categoryId: 2, students: '1,2,3,4,5,6' }]))), {
    'event.categories.0.students': 'Up to 5 students per category, separated by commas',
  });
  assert.equal(
    messages(
      validateSchoolRegistration(
        withCategories([
          { categoryId: 2, students: 'a' },
          { categoryId: 2, students: 'b' },
        ]),
      ),
    ),
    { 'event.categories.1.categoryId': 'Each category can be selected once' },
  );
});

test('public request forms: the seed messages', () => {
  assert.equal(messages(validate(ContactRequestSchema, {})), {
    state: 'State is required',
    firstName: 'First Name is required',
    lastName: 'Last Name is required',
    email: 'Email is required',
    phone: 'Phone Number is required',
    comments: 'Please provide a reason why you are contacting us',
    captcha: 'Please confirm you are not a robot',
  });
  assert.equal(messages(validate(OverviewRequestSchema, { state: {}, email: 'x' })), {
    'state.stateId': 'State is required',
    firstName: 'First Name is required',
    lastName: 'Last Name is required',
    email: 'Email format is invalid',
    phone: 'Phone Number is required',
    captcha: 'Please confirm you are not a robot',
  });
  const change = messages(validate(SchoolChangeRequestSchema, { comments: ' ' }));
  assert.is(change.schoolName, 'School Name is required');
  assert.is(change.eventName, 'Event Name is required');
  assert.is(change.comments, 'Please provide a reason for the change');
  assert.equal(messages(validate(HelpFileUploadFieldsSchema, { documentName: '' })), {
    documentName: 'Document Name is required',
  });
});

test.run();
