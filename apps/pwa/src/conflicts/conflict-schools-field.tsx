// Fair panels (decision 0145): the schools of the judge's state they are tied to, picked from the
// same public list the school registration form uses. Used at registration and in settings.
import { MultiSelect } from '@mantine/core';
import { useApiQuery } from '../admin/use-api-query.ts';
import { listSchoolNames } from '../api/registration-api.ts';

interface ConflictSchoolsFieldProps {
  stateId: number;
  value: number[];
  onChange(schoolIds: number[]): void;
  disabled?: boolean;
  error?: string | null;
}

export function ConflictSchoolsField({ stateId, value, onChange, disabled, error }: ConflictSchoolsFieldProps) {
  const schools = useApiQuery(`conflict-school-names-${stateId}`, (signal) =>
    stateId > 0 ? listSchoolNames(stateId, signal) : Promise.resolve([]),
  );
  return (
    <MultiSelect
      label="Schools you are tied to (conflicts of interest)"
      description="A school where you teach, coached, or have a child. You never judge these schools."
      placeholder={stateId > 0 ? 'Search schools' : 'Choose your state first'}
      searchable
      clearable
      disabled={disabled === true || stateId === 0}
      data={(schools.data ?? []).map((school) => ({ value: String(school.schoolId), label: school.schoolName }))}
      value={value.map(String)}
      onChange={(values) => onChange(values.map(Number))}
      error={error ?? undefined}
      nothingFoundMessage="No school of that name in your state"
    />
  );
}
