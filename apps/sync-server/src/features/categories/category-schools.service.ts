// Adding existing schools of the state to a category in one step (issue 21 item 8).
import {
  CategoryMessages,
  ErrorCode,
  parseStudentNames,
  type AddSchoolsToCategory,
  type CategoryDetail,
  type FieldError,
} from '@judging/shared-types';
import { inTransaction, type Db } from '../../db/database.ts';
import { ApiError, forbidden, notFound, validationError } from '../../common/api-error.ts';
import { findSchoolState, insertRegistration, nextSchoolOrder } from '../registration/registration.repository.ts';
import { listCategorySchools } from './categories.repository.ts';
import { loadForWrite, readCategoryDetail, recordCategoryChange, type WriteContext } from './category-context.ts';

/**
 * Adds existing schools of the event's state to the category in one step, each with its
 * students, running last in the listed order. All or nothing: a school listed twice is 400, an
 * unknown one 404, another state's 403, and one already in this category 409 naming it (the
 * screen offers only schools not in it, so a 409 means someone else added it meanwhile). A school
 * may be in other categories of the event: that is how it enters several. Judges who now owe the
 * new schools get their submissions reopened, as with a public registration.
 */
export async function addSchools(db: Db, context: WriteContext, body: AddSchoolsToCategory): Promise<CategoryDetail> {
  const seen = new Set<number>();
  const repeated = body.flatMap((item, index): FieldError[] => {
    const isRepeated = seen.has(item.schoolId);
    seen.add(item.schoolId);
    return isRepeated ? [{ field: `${index}.schoolId`, message: CategoryMessages.duplicateSchool }] : [];
  });
  if (repeated.length > 0) throw validationError(repeated);
  return inTransaction(db, async (trx) => {
    const { event, category } = await loadForWrite(trx, context);
    const schools = [];
    for (const item of body) {
      const school = await findSchoolState(trx, item.schoolId);
      if (!school) throw notFound(CategoryMessages.schoolNotFound);
      if (school.state_id !== event.state_id) throw forbidden();
      schools.push({ ...school, students: parseStudentNames(item.schoolStudents) });
    }
    const present = new Set((await listCategorySchools(trx, context.categoryId)).map((school) => school.school_id));
    const alreadyIn = schools.filter((school) => present.has(school.school_id));
    if (alreadyIn.length > 0) {
      const names = alreadyIn.map((school) => school.school_name).join(', ');
      throw new ApiError(409, ErrorCode.AlreadyRegistered, `${CategoryMessages.schoolsAlreadyInCategory} ${names}.`);
    }
    let schoolOrder = await nextSchoolOrder(trx, context.categoryId);
    for (const school of schools) {
      await insertRegistration(
        trx,
        {
          categoryId: context.categoryId,
          schoolId: school.school_id,
          stateId: event.state_id,
          students: school.students,
          schoolOrder,
        },
        context.now,
      );
      schoolOrder += 1;
    }
    await recordCategoryChange(trx, context, event.state_id, {
      action: 'register',
      entityType: 'category_registration',
      entityId: context.categoryId,
      reason: 'schools added',
      after: { schools: schools.map((school) => ({ schoolId: school.school_id, students: school.students })) },
    });
    return readCategoryDetail(trx, category);
  });
}
