import { runInRequestContext } from '../request-context';
import { ArchiveLogger } from './archive-logger';

/** The lines `write` prints on stdout. */
function printed(write: () => void): string[] {
  const lines: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    write();
  } finally {
    spy.mockRestore();
  }
  return lines;
}

describe(ArchiveLogger.name, () => {
  it("adds the request's fields to a line written while handling it", () => {
    const sut = new ArchiveLogger('Albums', { colors: false });
    const [line] = printed(() =>
      runInRequestContext({ requestId: 'r-9', user: { id: 3, username: 'cy' } }, () => sut.log('album 5 created')),
    );
    expect(line).toContain("[Albums] album 5 created { requestId: 'r-9', userId: 3 }");
  });

  it('keeps the fields a caller gives beside them', () => {
    const sut = new ArchiveLogger('Albums', { colors: false });
    const [line] = printed(() => runInRequestContext({ requestId: 'r-10' }, () => sut.log('moved', { albumId: 5 })));
    expect(line).toContain("moved { requestId: 'r-10', albumId: 5 }");
  });

  it('writes lines outside any request as Nest does', () => {
    const sut = new ArchiveLogger('Start', { colors: false });
    const [line] = printed(() => sut.log('listening'));
    expect(line).toMatch(/\[Start\] listening\n$/);
  });

  it('gives the fields their own keys in JSON', () => {
    const sut = new ArchiveLogger('Albums', { json: true, flattenParams: true });
    const [line] = printed(() => runInRequestContext({ requestId: 'r-11', caller: 'media' }, () => sut.warn('slow')));
    expect(JSON.parse(line)).toMatchObject({
      level: 'warn',
      context: 'Albums',
      message: 'slow',
      requestId: 'r-11',
      caller: 'media',
    });
  });
});
