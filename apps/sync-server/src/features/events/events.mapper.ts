import type { CategorySummary, EventDetail, EventListItem, EventSchool, EventStatus } from '@judging/shared-types';
import type { listCategorySummaries, listEventRegistrations, listEventsByState } from './events.repository.ts';
import { parseStudentsJson } from '../../shared/stored-students.ts';
import type { EventRecord } from '../../shared/event-lookups.ts';

type EventListRow = Awaited<ReturnType<typeof listEventsByState>>[number];
type CategorySummaryRow = Awaited<ReturnType<typeof listCategorySummaries>>[number];
type RegistrationRow = Awaited<ReturnType<typeof listEventRegistrations>>[number];

export function toEventListItem(row: EventListRow | EventRecord): EventListItem {
  return {
    eventId: row.event_id,
    eventName: row.event_name,
    eventStartDate: row.start_date,
    eventStartTime: row.start_time,
    eventEndDate: row.end_date,
    eventStatus: row.status satisfies EventStatus,
    isTestEvent: row.is_test_event === 1,
  };
}

export function toCategorySummary(row: CategorySummaryRow): CategorySummary {
  return {
    categoryId: row.category_id,
    categoryName: row.category_name,
    schoolCount: Number(row.school_count ?? 0),
    sectionCount: Number(row.section_count ?? 0),
    judgeCount: Number(row.judge_count ?? 0),
  };
}

export function toEventDetail(row: EventRecord, categories: readonly CategorySummaryRow[]): EventDetail {
  return {
    ...toEventListItem(row),
    eventState: { stateId: row.state_id, stateName: row.state_name },
    categories: categories.map(toCategorySummary),
  };
}

/** One entry per school, its categories in the order the rows come. */
export function toEventSchools(rows: readonly RegistrationRow[]): EventSchool[] {
  const bySchool = new Map<number, EventSchool>();
  for (const row of rows) {
    let school = bySchool.get(row.school_id);
    if (!school) {
      school = { schoolId: row.school_id, schoolName: row.school_name, categories: [] };
      bySchool.set(row.school_id, school);
    }
    school.categories.push({
      categoryId: row.category_id,
      categoryName: row.category_name,
      schoolStudents: parseStudentsJson(row.students_json),
      schoolOrder: row.school_order,
    });
  }
  return [...bySchool.values()];
}
