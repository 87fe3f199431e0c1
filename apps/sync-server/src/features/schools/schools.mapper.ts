import { normalizeOptionalText, type School, type SchoolDetails } from '@judging/shared-types';
import type { SchoolFields, SchoolRowData } from './schools.repository.ts';

/** Row → the seed's School; empty educators are ''. */
export function toSchool(row: SchoolRowData): School {
  return {
    schoolId: row.school_id,
    schoolName: row.school_name,
    schoolPrincipal: row.principal,
    schoolEducator1: row.educator1,
    schoolEducator2: row.educator2 ?? '',
    schoolEducator3: row.educator3 ?? '',
    schoolContactName: row.contact_name,
    schoolContactEmail: row.contact_email,
    schoolContactPhone: row.contact_phone,
    schoolState: { schoolStateId: row.state_id },
    profile: 'school',
  };
}

/** The school's fields as stored: trimmed, the contact email lower-case, blank educators null. */
export function toSchoolFields(details: SchoolDetails): SchoolFields {
  return {
    name: details.schoolName.trim(),
    principal: details.schoolPrincipal.trim(),
    educator1: details.schoolEducator1.trim(),
    educator2: normalizeOptionalText(details.schoolEducator2),
    educator3: normalizeOptionalText(details.schoolEducator3),
    contactName: details.schoolContactName.trim(),
    contactEmail: details.schoolContactEmail.trim().toLowerCase(),
    contactPhone: details.schoolContactPhone.trim(),
  };
}

/** What the audit log keeps of a school. */
export function schoolAuditView(row: SchoolRowData) {
  return {
    name: row.school_name,
    principal: row.principal,
    educators: [row.educator1, row.educator2, row.educator3].filter((educator) => educator !== null),
    contactName: row.contact_name,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
  };
}
