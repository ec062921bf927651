/**
 * The UID this archive writes for a person in a GEDCOM export, and the reading of it on the way back in
 * (docs/architecture.md#gedcom-import-and-export). It is the archive's random namespace (a UUID kept in the
 * family schema) with its last twelve hex digits replaced by the person's id, so it is still a UUID, unique to
 * this archive, and names the person without a table: an export imported into the same archive matches everyone.
 */
const ID_DIGITS = 12;

export function archiveUid(namespace: string, personId: number): string {
  return namespace.slice(0, 36 - ID_DIGITS).toLowerCase() + personId.toString(16).padStart(ID_DIGITS, '0');
}

/** The person an archive UID names, or null when the UID is not one of this archive's. */
export function personOfUid(namespace: string, uid: string): number | null {
  const value = uid.trim().toLowerCase();
  const prefix = namespace.slice(0, 36 - ID_DIGITS).toLowerCase();
  if (value.length !== 36 || !value.startsWith(prefix)) return null;
  const digits = value.slice(prefix.length);
  if (!/^[0-9a-f]+$/.test(digits)) return null;
  const id = Number.parseInt(digits, 16);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
