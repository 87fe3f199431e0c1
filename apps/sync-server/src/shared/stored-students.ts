// A category registration keeps its students as a JSON array of names (`students_json`). Read
// here, and only here, by the screens that list them and by the rules that count them: a school
// with no students in a category is neither scored nor ranked there.

/** The stored list as entered; anything but a JSON array of names reads as no students. */
export function parseStudentsJson(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}

/** The students who count (scoring, results, owed work): the stored names, blank ones dropped. */
export function parseStudents(studentsJson: string): string[] {
  return parseStudentsJson(studentsJson).filter((name) => name.trim() !== '');
}
