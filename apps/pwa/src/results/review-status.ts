import type { PenaltyReviewStatusLabel } from '@judging/shared-types';

/** The badge colour of a school's penalty review: yellow until opened, blue once viewed, green when saved. */
export function reviewStatusColor(status: PenaltyReviewStatusLabel): string {
  if (status === 'Complete') return 'green';
  if (status === 'Viewed') return 'blue';
  return 'yellow';
}
