import { archiveUid, personOfUid } from './uids';

describe('the UIDs an archive gives its people in a GEDCOM export', () => {
  const namespace = '3f2b8c1e-9d4a-4f6b-a2c7-5e8d1b0a9c34';

  it('is a UUID made of the archive namespace and the person id, read back to the same person', () => {
    const uid = archiveUid(namespace, 50_000_123);
    expect(uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uid.startsWith('3f2b8c1e-9d4a-4f6b-a2c7-')).toBe(true);
    expect(personOfUid(namespace, uid)).toBe(50_000_123);
    expect(personOfUid(namespace, uid.toUpperCase())).toBe(50_000_123);
    expect(personOfUid(namespace, ` ${archiveUid(namespace, 1)}`)).toBe(1);
  });

  it('does not read another archive’s or another program’s UID as one of this archive’s people', () => {
    expect(personOfUid(namespace, archiveUid('9a1c7e2f-0b3d-4e5f-8a6b-7c8d9e0f1a2b', 7))).toBeNull();
    expect(personOfUid(namespace, 'F08626283300F111AC39EE3E4291474468A3')).toBeNull();
    expect(personOfUid(namespace, '3f2b8c1e-9d4a-4f6b-a2c7-zzzzzzzzzzzz')).toBeNull();
    expect(personOfUid(namespace, '3f2b8c1e-9d4a-4f6b-a2c7-000000000000')).toBeNull();
    expect(personOfUid(namespace, '3f2b8c1e-9d4a-4f6b-a2c7-ffffffffffff')).toBeNull();
  });
});
