import { setTimeout as sleep } from 'node:timers/promises';
import { currentRequestId, requestIdFrom, requestLogFields, runInRequestContext } from './request-context';

describe(requestIdFrom.name, () => {
  it('keeps a well-formed id', () => {
    expect(requestIdFrom('3f2a-Req_1')).toBe('3f2a-Req_1');
    expect(requestIdFrom('a'.repeat(64))).toBe('a'.repeat(64));
  });

  it.each([undefined, '', 'has spaces', 'a'.repeat(65), 'line\nbreak', ['two', 'ids']])(
    'replaces %p with a new id',
    (header) => {
      expect(requestIdFrom(header)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    },
  );
});

describe(runInRequestContext.name, () => {
  it('is seen by everything the work starts, after awaits too, and nowhere else', async () => {
    expect(currentRequestId()).toBeUndefined();
    const seen = await runInRequestContext({ requestId: 'r-1' }, async () => {
      await sleep(1);
      return currentRequestId();
    });
    expect(seen).toBe('r-1');
    expect(currentRequestId()).toBeUndefined();
  });
});

describe(requestLogFields.name, () => {
  it('is empty outside a request', () => {
    expect(requestLogFields()).toEqual({});
  });

  it('names the request, and the person or service once known', () => {
    runInRequestContext({ requestId: 'r-2' }, () => {
      expect(requestLogFields()).toEqual({ requestId: 'r-2' });
    });
    runInRequestContext({ requestId: 'r-3', user: { id: 4, username: 'bo' } }, () => {
      expect(requestLogFields()).toEqual({ requestId: 'r-3', userId: 4 });
    });
    runInRequestContext({ requestId: 'r-4', caller: 'albums' }, () => {
      expect(requestLogFields()).toEqual({ requestId: 'r-4', caller: 'albums' });
    });
  });
});
