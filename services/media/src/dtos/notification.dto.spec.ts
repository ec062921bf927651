import { BadRequestException } from '@nestjs/common';
import { validateInput } from '@family/shared/nest';
import { mapNotification, NotificationsQuery } from './notification.dto';

const check = (query: Record<string, string>) => validateInput(NotificationsQuery, query);

describe(NotificationsQuery.name, () => {
  it('reads the page size and the cursor (the id of the last entry seen) as numbers', async () => {
    expect(await check({ limit: '5', cursor: '120' })).toEqual({ limit: 5, cursor: 120 });
    expect(await check({ limit: '' })).toEqual({});
  });

  it.each([
    [{ cursor: 'abc' }, 'The page cursor is not valid.'],
    [{ cursor: '0' }, 'The page cursor is not valid.'],
    [{ cursor: '99999999999' }, 'The page cursor is not valid.'],
    [{ limit: '0' }, 'limit must be at least 1'],
    [{ limit: '101' }, 'limit must be at most 100'],
    [{ limit: '2.5' }, 'limit must be a whole number'],
  ])('refuses %p with a sentence', async (query, message) => {
    const refused = check(query);
    await expect(refused).rejects.toBeInstanceOf(BadRequestException);
    await expect(refused).rejects.toMatchObject({ response: expect.objectContaining({ message }) });
  });
});

describe(mapNotification.name, () => {
  const row = {
    id: 9,
    kind: 'album-member' as const,
    actorId: 4,
    subjectId: 12,
    subjectTitle: 'Summer 2024',
    createdAt: new Date('2026-11-27T10:00:00Z'),
    read: false,
  };

  it('names the actor from the directory', () => {
    const people = new Map([[4, { id: 4, username: 'anna', displayName: 'Anna', profilePicture: null }]]);
    expect(mapNotification(row, people)).toEqual({
      id: 9,
      kind: 'album-member',
      actor: { id: 4, username: 'anna', displayName: 'Anna' },
      subjectId: 12,
      subjectTitle: 'Summer 2024',
      createdAt: '2026-11-27T10:00:00.000Z',
      read: false,
    });
  });

  it('names an actor who has left the archive as a former member', () => {
    expect(mapNotification(row, new Map()).actor).toEqual({ id: 4, username: '', displayName: 'Former family member' });
  });
});
