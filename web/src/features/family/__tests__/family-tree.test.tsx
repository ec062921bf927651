import { fireEvent, screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import { Route, Routes, useParams } from 'react-router-dom';
import type { FamilyRelation, PersonSummary } from '@family/contract';
import { fakeResponse, restoreFetch, stubFetch } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { FamilyTree } from '../components/family-tree';
import { FamilyTreeCard } from '../components/family-tree-card';

const rose: PersonSummary = { id: 1, username: 'rose', displayName: 'Grandma Rose', profilePicture: null };
const tom: PersonSummary = { id: 2, username: 'tom', displayName: 'Tom', profilePicture: '/api/users/2/picture?v=1' };
const amy: PersonSummary = { id: 3, username: 'amy', displayName: 'Amy', profilePicture: null };

const roseTree: FamilyRelation[] = [
  { id: 10, fromUserId: 1, toUserId: 2, relationType: 'child', fromUser: rose, toUser: tom },
  { id: 11, fromUserId: 1, toUserId: 3, relationType: 'spouse', fromUser: rose, toUser: amy },
];

function backEnd(trees: Record<number, FamilyRelation[]> = { 1: roseTree }) {
  return stubFetch(({ url }) => {
    const match = /^\/api\/family\/(\d+)$/.exec(url);
    if (match) {
      const tree = trees[Number(match[1])];
      return tree
        ? fakeResponse(200, tree)
        : fakeResponse(404, { message: 'This person is not in the family archive.' });
    }
    if (url === '/api/users') return fakeResponse(200, [rose, tom, amy]);
    return fakeResponse(404, { message: `Not stubbed: ${url}` });
  });
}

const viewport = () => screen.getByTestId('family-tree-viewport');
const transformOf = () => viewport().querySelector('svg > g')!.getAttribute('transform')!;
const scaleOf = () => Number(/scale\(([\d.]+)\)/.exec(transformOf())![1]);

/** A press on `target` that ends at (x + dx, y + dy), as the pointer events a browser sends. */
function press(target: Element, { dx = 0, dy = 0, pointerType = 'mouse' } = {}) {
  const base = { pointerId: 1, pointerType, button: 0, clientX: 100, clientY: 100 };
  fireEvent.pointerDown(target, base);
  if (dx || dy) fireEvent.pointerMove(target, { ...base, clientX: 100 + dx, clientY: 100 + dy });
  fireEvent.pointerUp(target, { ...base, clientX: 100 + dx, clientY: 100 + dy });
}

function ProfileStandIn() {
  return <p>Profile page of {useParams().id}</p>;
}

afterEach(restoreFetch);

describe('FamilyTree', () => {
  it('shows the title, "Your family connections" and Add Relation on one\'s own tree', async () => {
    backEnd();
    renderWithProviders(<FamilyTree rootUserId={1} rootName="Grandma Rose" isOwnTree headingLevel="h1" />);

    expect(screen.getByRole('heading', { level: 1, name: 'Family Tree' })).toBeInTheDocument();
    expect(screen.getByText('Your family connections')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Relation' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Tom' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Amy' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Grandma Rose' })).toBeInTheDocument();
  });

  it("shows someone else's tree read-only with their name in the subtitle", async () => {
    backEnd({
      2: [{ ...roseTree[0], fromUserId: 2, toUserId: 1, relationType: 'parent', fromUser: tom, toUser: rose }],
    });
    renderWithProviders(<FamilyTreeCard rootUserId={2} rootName="Tom" isOwnTree={false} currentUserId={1} />);

    expect(screen.getByRole('heading', { level: 2, name: 'Family Tree' })).toBeInTheDocument();
    expect(screen.getByText("Tom's family connections")).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Grandma Rose' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Relation' })).not.toBeInTheDocument();
  });

  it('draws the picture of a person who has one, initials otherwise, and labels the spouse', async () => {
    backEnd();
    renderWithProviders(<FamilyTree rootUserId={1} rootName="Grandma Rose" isOwnTree />);

    const tomNode = await screen.findByRole('button', { name: 'Tom' });
    expect(tomNode.querySelector('image')).toHaveAttribute('href', '/api/users/2/picture?v=1');
    // The texts are drawn beside the button, in the person's group, so the button's name holds all its text.
    const drawnFor = (name: string) => screen.getByRole('button', { name }).closest<HTMLElement>('[data-person-id]')!;
    expect(within(drawnFor('Amy')).getByText('A')).toBeInTheDocument();
    expect(within(drawnFor('Amy')).getByText('Spouse')).toBeInTheDocument();
    expect(within(drawnFor('Grandma Rose')).getByText('GR')).toBeInTheDocument();
  });

  it('opens a person with a quick tap or Enter, and not after a drag or a long press', async () => {
    backEnd();
    const onPersonClick = jest.fn();
    renderWithProviders(<FamilyTree rootUserId={1} rootName="Grandma Rose" isOwnTree onPersonClick={onPersonClick} />);
    const tomNode = await screen.findByRole('button', { name: 'Tom' });

    press(tomNode, { pointerType: 'touch' });
    expect(onPersonClick).toHaveBeenCalledTimes(1);
    expect(onPersonClick).toHaveBeenLastCalledWith(tom);

    press(tomNode, { dx: 30, dy: 0 });
    expect(onPersonClick).toHaveBeenCalledTimes(1);

    const now = jest.spyOn(performance, 'now');
    now.mockReturnValueOnce(1000).mockReturnValueOnce(1400);
    press(tomNode);
    now.mockRestore();
    expect(onPersonClick).toHaveBeenCalledTimes(1);

    tomNode.focus();
    fireEvent.keyDown(tomNode, { key: 'Enter' });
    expect(onPersonClick).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['Tom', 'Profile page of 2'],
    ['Grandma Rose', 'Own profile page'],
  ])('opens the profile of %s without a handler', async (name, page) => {
    backEnd();
    renderWithProviders(
      <Routes>
        <Route path="/family" element={<FamilyTree rootUserId={1} rootName="Grandma Rose" isOwnTree />} />
        <Route path="/profile" element={<p>Own profile page</p>} />
        <Route path="/profile/:id" element={<ProfileStandIn />} />
      </Routes>,
      { route: '/family' },
    );
    press(await screen.findByRole('button', { name }));
    expect(await screen.findByText(page)).toBeInTheDocument();
  });

  it('pans with a drag, zooms with the buttons and the wheel between 0.5 and 2, and centres again', async () => {
    backEnd();
    const { user } = renderWithProviders(<FamilyTree rootUserId={1} rootName="Grandma Rose" isOwnTree />);
    await screen.findByRole('button', { name: 'Tom' });
    const start = transformOf();
    expect(viewport()).toHaveStyle({ height: '600px' });

    press(viewport(), { dx: -60, dy: 40 });
    const moved = transformOf();
    expect(moved).not.toBe(start);
    const [x0, y0] = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(start)!.slice(1).map(Number);
    const [x1, y1] = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(moved)!.slice(1).map(Number);
    expect([x1 - x0, y1 - y0]).toEqual([-60, 40]);

    for (let i = 0; i < 6; i++) if (scaleOf() < 2) await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(scaleOf()).toBe(2);
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeDisabled();

    fireEvent.wheel(viewport(), { deltaY: 2000, clientX: 400, clientY: 300 });
    expect(scaleOf()).toBe(0.5);
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Centre' }));
    expect(transformOf()).toBe(start);
  });

  it('pinches with two fingers to zoom', async () => {
    backEnd();
    renderWithProviders(<FamilyTree rootUserId={1} rootName="Grandma Rose" isOwnTree />);
    await screen.findByRole('button', { name: 'Tom' });
    const area = viewport();
    const touch = { pointerType: 'touch', button: 0 };
    fireEvent.pointerDown(area, { ...touch, pointerId: 1, clientX: 300, clientY: 300 });
    fireEvent.pointerDown(area, { ...touch, pointerId: 2, clientX: 400, clientY: 300 });
    fireEvent.pointerMove(area, { ...touch, pointerId: 2, clientX: 450, clientY: 300 });
    expect(scaleOf()).toBeCloseTo(1.5);
    fireEvent.pointerMove(area, { ...touch, pointerId: 2, clientX: 1000, clientY: 300 });
    expect(scaleOf()).toBe(2);
    fireEvent.pointerUp(area, { ...touch, pointerId: 2, clientX: 1000, clientY: 300 });
    fireEvent.pointerUp(area, { ...touch, pointerId: 1, clientX: 300, clientY: 300 });
  });

  it('leaves one finger to the page, and lets it move the tree full screen', async () => {
    backEnd();
    const { user } = renderWithProviders(<FamilyTree rootUserId={1} rootName="Grandma Rose" isOwnTree />);
    await screen.findByRole('button', { name: 'Tom' });
    const start = transformOf();
    press(viewport(), { dx: -60, dy: 40, pointerType: 'touch' });
    expect(transformOf()).toBe(start);

    await user.click(screen.getByRole('button', { name: 'Full screen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your family tree' });
    const full = within(dialog).getByTestId('family-tree-viewport');
    const before = full.querySelector('svg > g')!.getAttribute('transform');
    press(full, { dx: -60, dy: 40, pointerType: 'touch' });
    expect(full.querySelector('svg > g')!.getAttribute('transform')).not.toBe(before);
    await user.click(within(dialog).getByRole('button', { name: 'Close full screen' }));
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
  });

  it('says so when the person has no relations yet, and when the tree cannot load', async () => {
    backEnd({ 1: [] });
    renderWithProviders(<FamilyTree rootUserId={1} rootName="Grandma Rose" isOwnTree />);
    expect(await screen.findByText(/Only you are in your tree so far/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Grandma Rose' })).toBeInTheDocument();

    restoreFetch();
    backEnd({});
    renderWithProviders(<FamilyTree rootUserId={9} rootName="Nobody" isOwnTree={false} />);
    expect(await screen.findByText('This person is not in the family archive.')).toBeInTheDocument();
  });
});
