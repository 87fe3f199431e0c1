// The order the standings (ties, categories) and the app's lists of names (the admin tables, the
// judge's schools, the team picker) sort names in: case and accents ignored ("O'Brien" with
// "obrien"), numbers by value ("Team 2" before "Team 10").
//
// The collator is made at the first comparison, not when a module loads: making one loads the
// browser's collation data, and the judge's first screen on a cold start compares no names while
// the running order has no ties (docs/decisions/0206-collator-made-on-first-use.md).

let collator: Intl.Collator | undefined;

/** Negative when `a` is listed before `b`, positive after, 0 when they read as the same name. */
export function compareNames(a: string, b: string): number {
  collator ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return collator.compare(a, b);
}
