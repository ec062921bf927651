import { screen, within } from '@testing-library/react';
import type { ItemFaces } from '@family/contract';
import { fakeResponse, restoreFetch, stubFetch } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { PictureWithFaces } from '../components/picture-with-faces';
import { mediaItem, tom as tomName } from './fixtures';

const tom = { ...tomName, profilePicture: null };

const FRAME = { display: 'block', maxHeight: '70vh' };

function backEnd(faces: ItemFaces) {
  return stubFetch((call) => {
    if (call.method === 'GET' && call.url === '/api/media/10/faces') return fakeResponse(200, faces);
    return fakeResponse(404, { message: `Not stubbed: ${call.method} ${call.url}` });
  });
}

afterEach(restoreFetch);

describe('PictureWithFaces', () => {
  it('asks for the faces only on "Show faces", then draws each box where it is, named or "Who is this?"', async () => {
    const stub = backEnd({
      scan: 'done',
      failure: null,
      faces: [
        {
          id: 1,
          mediaId: 10,
          box: { x: 0.1, y: 0.2, width: 0.25, height: 0.3 },
          person: tom,
          drawn: false,
          suggestions: [],
        },
        {
          id: 2,
          mediaId: 10,
          box: { x: 0.6, y: 0.25, width: 0.2, height: 0.25 },
          person: null,
          drawn: false,
          suggestions: [{ person: { ...tom, id: 7, displayName: 'Aunt Ida' }, distance: 0.41 }],
        },
      ],
    });
    const item = { ...mediaItem({}), previewUrl: '/api/media/10/preview' };
    const { user } = renderWithProviders(<PictureWithFaces item={item} frame={FRAME} />);
    expect(screen.getByRole('img', { name: 'Beach day' })).toHaveAttribute('src', '/api/media/10/preview');
    expect(stub.calls.filter((call) => call.url.endsWith('/faces'))).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Show faces' }));
    const list = await screen.findByRole('list', { name: 'Faces' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Uncle Tom', 'Who is this? Maybe Aunt Ida']);
    expect(screen.getByRole('status')).toHaveTextContent('2 faces');
    const boxes = screen.getAllByTestId('face-box');
    expect(boxes[0]).toHaveStyle({ left: '10%', top: '20%', width: '25%', height: '30%' });
    expect(boxes[0]).toHaveTextContent('Uncle Tom');
    expect(boxes[1]).toHaveTextContent('Who is this?');
    await user.click(screen.getByRole('button', { name: 'Hide faces' }));
    expect(screen.queryAllByTestId('face-box')).toEqual([]);
  });

  it('says so when no face was found, or while the archive is still looking', async () => {
    backEnd({ scan: 'pending', failure: null, faces: [] });
    const item = { ...mediaItem({}), previewUrl: '/api/media/10/preview' };
    const { user } = renderWithProviders(<PictureWithFaces item={item} frame={FRAME} />);
    await user.click(screen.getByRole('button', { name: 'Show faces' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Still looking for faces on this photo.');
  });
});
