// Judging by team number (issue 39 item 4; decisions §9 "team numbers are labels, not
// exclusions"): the rules both sides share. A team number is a label of a school's registration
// in a category, fixed once given; judges see only it, coordinators see it beside the name.
import Type, { type Static } from 'typebox';
import type { FieldError } from '../errors.ts';
import { idField } from '../validation/fields.ts';

/** The largest team number a coordinator may give: four digits fit a tablet's list and a badge. */
export const MAX_TEAM_NUMBER = 9999;

export const TeamNumberMessages = {
  lockedAtStart: 'Judging by team number is set before the event starts; it cannot change once the event has started.',
  numbersLockedAtStart: 'Team numbers can be changed only before the event starts.',
  settingOff: 'Turn on "Judge by team number" for this event before giving team numbers.',
  invalidNumber: `A team number is a whole number from 1 to ${MAX_TEAM_NUMBER}.`,
  duplicateNumber: 'Each team number can be used once in a category.',
  duplicateSchool: 'Each school can be listed once.',
  schoolNotInCategory: 'This school is not registered in the category.',
  settingSaved: 'Judging by team number updated.',
  numbersSaved: 'Team numbers updated.',
  /** A judge's label for a registration without a number (never the school's name). */
  unnumbered: 'Team (no number yet)',
} as const;

/** What a judge sees in place of a school's name: "Team 3". */
export function teamLabel(teamNumber: number): string {
  return `Team ${teamNumber}`;
}

/** What coordinators, results, exports and the history show in team-number mode: "Team 3 — Dover HS". */
export function teamAndSchoolLabel(teamNumber: number | null, schoolName: string): string {
  return teamNumber === null ? schoolName : `${teamLabel(teamNumber)} — ${schoolName}`;
}

/**
 * A school as coordinators see it: "Team 3 — Dover HS" while the event judges by team number,
 * else its name (numbers kept from an earlier time the setting was on are not shown).
 */
export function coordinatorSchoolLabel(schoolName: string, teamNumber: number | null, byTeamNumber: boolean): string {
  return byTeamNumber ? teamAndSchoolLabel(teamNumber, schoolName) : schoolName;
}

/** One registration as numbering reads it. */
export interface NumberedRegistration {
  schoolId: number;
  schoolOrder: number;
  teamNumber: number | null;
}

/**
 * Numbers for the registrations that have none, in running order, each the next after the highest
 * number in the category. On a category nobody numbered yet this is 1, 2, 3… in running order; a
 * school added later gets the next free number; a number once given never changes here.
 */
export function numberMissingTeams(registrations: readonly NumberedRegistration[]): Map<number, number> {
  let highest = 0;
  for (const registration of registrations) highest = Math.max(highest, registration.teamNumber ?? 0);
  const given = new Map<number, number>();
  const unnumbered = registrations
    .filter((registration) => registration.teamNumber === null)
    .sort((a, b) => a.schoolOrder - b.schoolOrder || a.schoolId - b.schoolId);
  for (const registration of unnumbered) {
    highest += 1;
    given.set(registration.schoolId, highest);
  }
  return given;
}

/** PUT /api/event/{eventId}/team-numbers: turn the setting on or off (before Start only). */
export const TeamNumberSettingSchema = Type.Object({
  judgeByTeamNumber: Type.Boolean({ 'x-messages': { required: 'judgeByTeamNumber is required' } }),
});
export type TeamNumberSetting = Static<typeof TeamNumberSettingSchema>;

const teamNumberField = Type.Integer({
  minimum: 1,
  maximum: MAX_TEAM_NUMBER,
  'x-messages': { required: TeamNumberMessages.invalidNumber, invalid: TeamNumberMessages.invalidNumber },
});

/** PUT /api/event/{eventId}/category/{categoryId}/team-numbers: new numbers for some of the category's schools. */
export const TeamNumberEditsSchema = Type.Object({
  teamNumbers: Type.Array(Type.Object({ schoolId: idField(), teamNumber: teamNumberField }), {
    minItems: 1,
    maxItems: 1000,
  }),
});
export type TeamNumberEdits = Static<typeof TeamNumberEditsSchema>;

/**
 * The category's numbers after the edits, or the fields at fault: every school listed once and
 * registered in the category, and no number used twice once the edits are applied.
 */
export function applyTeamNumberEdits(
  current: ReadonlyMap<number, number | null>,
  edits: TeamNumberEdits['teamNumbers'],
): { numbers: Map<number, number | null> } | { errors: FieldError[] } {
  const errors: FieldError[] = [];
  const numbers = new Map(current);
  const listed = new Set<number>();
  edits.forEach((edit, index) => {
    if (listed.has(edit.schoolId)) {
      errors.push({ field: `teamNumbers.${index}.schoolId`, message: TeamNumberMessages.duplicateSchool });
    } else if (!current.has(edit.schoolId)) {
      errors.push({ field: `teamNumbers.${index}.schoolId`, message: TeamNumberMessages.schoolNotInCategory });
    }
    listed.add(edit.schoolId);
    numbers.set(edit.schoolId, edit.teamNumber);
  });
  if (errors.length > 0) return { errors };
  const holders = new Map<number, number>();
  for (const teamNumber of numbers.values()) {
    if (teamNumber !== null) holders.set(teamNumber, (holders.get(teamNumber) ?? 0) + 1);
  }
  edits.forEach((edit, index) => {
    if ((holders.get(edit.teamNumber) ?? 0) > 1) {
      errors.push({ field: `teamNumbers.${index}.teamNumber`, message: TeamNumberMessages.duplicateNumber });
    }
  });
  return errors.length > 0 ? { errors } : { numbers };
}

export const TeamNumberSchoolSchema = Type.Object({
  schoolId: Type.Integer(),
  schoolName: Type.String(),
  /** Running order from 0. */
  schoolOrder: Type.Integer(),
  teamNumber: Type.Union([Type.Integer(), Type.Null()]),
});

/** The event's setting and every category's numbers, as the coordinator's settings screen reads them. */
export const TeamNumbersSchema = Type.Object(
  {
    eventId: Type.Integer(),
    judgeByTeamNumber: Type.Boolean(),
    /** True once the event has started: neither the setting nor the numbers change any more. */
    isLocked: Type.Boolean(),
    categories: Type.Array(
      Type.Object({
        categoryId: Type.Integer(),
        categoryName: Type.String(),
        schools: Type.Array(TeamNumberSchoolSchema),
      }),
    ),
  },
  { title: 'TeamNumbers' },
);
export type TeamNumbers = Static<typeof TeamNumbersSchema>;
