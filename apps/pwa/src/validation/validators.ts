// Every shared schema's check and error list, compiled when the app is built
// (scripts/compiled-checks-plugin.ts, `virtual:compiled-validators`), fetched where the first
// load's own compiled checks are not enough: a form whose values fail (to word its messages), a
// schema with no check on the first load. Screens that always need them import the module
// statically instead (`import 'virtual:compiled-validators'`).
let loading: Promise<void> | undefined;
let isLoaded = false;

export function isValidatorsLoaded(): boolean {
  return isLoaded;
}

/** Fetches and registers the compiled validators once; resolves when `validate` needs nothing else. */
export function loadValidators(): Promise<void> {
  loading ??= import('virtual:compiled-validators').then(() => {
    isLoaded = true;
  });
  return loading;
}
