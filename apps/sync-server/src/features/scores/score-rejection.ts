// A refused score write, and the words and codes it is refused with. The push answers a
// rejection as a per-mutation `rejected` result; the REST calls answer it as an ApiError.
import type { RejectionCode } from '@judging/shared-types';
import { ErrorCode, ScoreItemKinds } from '@judging/shared-types';
import { ApiError } from '../../common/api-error.ts';

export class ScoreRejection extends Error {
  readonly code: RejectionCode;

  constructor(code: RejectionCode, message: string) {
    super(message);
    this.name = 'ScoreRejection';
    this.code = code;
  }
}

export function reject(code: RejectionCode, message: string): ScoreRejection {
  return new ScoreRejection(code, message);
}

export const ScoreMessages = {
  judgesOnly: 'Only the judge can change their scores; coordinators can view them.',
  otherState: 'This event belongs to another state.',
  eventNotFound: 'Event not found.',
  categoryNotFound: 'Category not found in this event.',
  sectionNotFound: 'Section not found in this category.',
  schoolNotRegistered: 'School is not registered in this category.',
  schoolWithoutStudents: 'School has no students in this category.',
  subsectionNotFound: ScoreItemKinds.subsection.messages.notInSection,
  penaltyNotFound: ScoreItemKinds.penalty.messages.notInSection,
  disqualificationNotFound: ScoreItemKinds.disqualification.messages.notInSection,
  eventClosed: 'The event is closed; scores can no longer change.',
  notAssigned: 'You are not assigned to this section of the category.',
  notAssignedToCategory: 'You are not assigned to this category.',
  judgeExcused: 'A coordinator excused you from this section; your scores here no longer count.',
  judgeConflict: 'You declared a conflict with this school (or a coordinator did); you do not score it.',
  judgeExcusedFromCategory:
    'A coordinator excused you from every section of this category; there is nothing to submit.',
  categorySubmitted: 'You submitted this category; a coordinator must unlock it before scores can change.',
  photoMissing: 'The photo has not been uploaded yet.',
  scoreIdTaken: 'That score id belongs to another score.',
  incomplete: 'All criteria subsections must be scored.',
} as const;

const restStatus: Record<RejectionCode, { statusCode: number; code: ErrorCode }> = {
  event_closed: { statusCode: 409, code: ErrorCode.EventClosed },
  category_submitted: { statusCode: 409, code: ErrorCode.CategorySubmitted },
  not_assigned: { statusCode: 403, code: ErrorCode.NotAssigned },
  invalid_value: { statusCode: 400, code: ErrorCode.ValidationFailed },
  incomplete: { statusCode: 409, code: ErrorCode.Incomplete },
  not_found: { statusCode: 404, code: ErrorCode.NotFound },
  forbidden: { statusCode: 403, code: ErrorCode.Forbidden },
  photo_missing: { statusCode: 409, code: ErrorCode.PhotoMissing },
  judge_excused: { statusCode: 403, code: ErrorCode.JudgeExcused },
  photo_not_allowed: { statusCode: 403, code: ErrorCode.PhotoNotAllowed },
  judge_conflict: { statusCode: 403, code: ErrorCode.JudgeConflict },
};

/** A rejection as the REST calls answer it. */
export function toApiError(rejection: ScoreRejection): ApiError {
  const { statusCode, code } = restStatus[rejection.code];
  return new ApiError(statusCode, code, rejection.message);
}
