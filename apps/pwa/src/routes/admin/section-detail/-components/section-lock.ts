import { ErrorCode } from '@judging/shared-types';
import { isApiError } from '../../../../api/api-error.ts';

/** The server's explanation when a change was refused because events hold the section (409 SECTION_LOCKED), else undefined. */
export function sectionLockedMessage(error: unknown): string | undefined {
  return isApiError(error) && error.code === ErrorCode.SectionLocked ? error.message : undefined;
}
