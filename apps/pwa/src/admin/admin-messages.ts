// Texts of the admin screens that no server answer carries (seed section 8); the server's own
// messages come from the shared-types message objects.
export const AdminMessages = {
  noSectionData: 'No section data available',
  confirmRemove: (name: string) => `Are you sure you want to remove ${name}?`,
  confirmArchive: (name: string) => `Are you sure you want to archive ${name}?`,
  confirmRenew: 'Are you sure you want to renew?',
} as const;
