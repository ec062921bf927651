import type { Memory, UserProfile } from '@family/contract';

export const rose: UserProfile = {
  id: 1,
  username: 'rose',
  displayName: 'Grandma Rose',
  email: 'rose@example.org',
  dateOfBirth: '1948-03-02',
  profilePicture: null,
  story: 'I grew up by the sea.',
};

export const tom: UserProfile = {
  id: 7,
  username: 'tom',
  displayName: 'Uncle Tom',
  email: null,
  dateOfBirth: null,
  profilePicture: null,
  story: null,
};

export function memoryOf(user: UserProfile, id: number, title = `Memory ${id}`): Memory {
  return {
    id,
    title,
    content: `What I remember about ${title}.`,
    createdAt: new Date(Date.UTC(2025, 0, id)).toISOString(),
    user: { id: user.id, username: user.username, displayName: user.displayName, profilePicture: null },
    personId: user.id,
  };
}

/** Only the Date is fixed (2026-06-15, local noon); timers stay real so Testing Library keeps working. */
export function fixToday() {
  jest.useFakeTimers({
    now: new Date(2026, 5, 15, 12, 0, 0),
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}
