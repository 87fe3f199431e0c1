// Copy section (decisions §8): a new section of the same state with the same structure, free
// to change. Section names need not be unique, but a copy gets a name no other section of the
// state has, so the coordinator can tell it from the original in every list.

const copySuffix = / \(copy(?: \d+)?\)$/i;

/** 'Knife Skills' → 'Knife Skills (copy)', then '(copy 2)', '(copy 3)' … while taken (case and outer spaces ignored); a copy of a copy counts on. */
export function nameOfCopy(name: string, takenNames: readonly string[], maxLength: number): string {
  const base = name.trim().replace(copySuffix, '');
  const taken = new Set(takenNames.map((taken) => taken.trim().toLowerCase()));
  for (let number = 1; ; number += 1) {
    const suffix = number === 1 ? ' (copy)' : ` (copy ${number})`;
    // A long name is shortened so the suffix still shows within the field's limit.
    const candidate = `${base.slice(0, maxLength - suffix.length).trimEnd()}${suffix}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}
