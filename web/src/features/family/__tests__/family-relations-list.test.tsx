import { screen, waitFor, within } from '@testing-library/react';
import type { FamilyRelation, PersonSummary } from '@family/contract';
import { fakeResponse, restoreFetch, stubFetch } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { FamilyTree } from '../components/family-tree';
import { FamilyTreeCard } from '../components/family-tree-card';

const rose: PersonSummary = { id: 1, username: 'rose', displayName: 'Rose Smith', profilePicture: null };
const mum: PersonSummary = { id: 2, username: 'mum', displayName: 'Mum Smith', profilePicture: null };
const tom: PersonSummary = { id: 3, username: 'tom', displayName: 'Tom', profilePicture: null };
const gran: PersonSummary = { id: 4, username: 'gran', displayName: 'Gran', profilePicture: null };

const roseTree: FamilyRelation[] = [
  { id: 10, fromUserId: 1, toUserId: 2, relationType: 'parent', fromUser: rose, toUser: mum },
  { id: 11, fromUserId: 1, toUserId: 3, relationType: 'spouse', fromUser: rose, toUser: tom },
  // The grandparents' own relation: drawn, but not Rose's to remove here.
  { id: 12, fromUserId: 2, toUserId: 4, relationType: 'parent', fromUser: mum, toUser: gran },
];

/** GET the tree (the current relations), DELETE answers `deleteAnswer`. */
function backEnd(deleteAnswer = fakeResponse(200, { message: 'Relationship deleted successfully' })) {
  let tree = roseTree;
  return stubFetch(({ url, method }) => {
    if (method === 'DELETE') {
      if (deleteAnswer.ok) tree = tree.filter((relation) => `/api/family/${relation.id}` !== url);
      return deleteAnswer;
    }
    if (url === '/api/family/1') return fakeResponse(200, tree);
    if (url === '/api/family/2') return fakeResponse(200, []);
    return fakeResponse(404, { message: `Not stubbed: ${url}` });
  });
}

afterEach(restoreFetch);

describe('FamilyRelationsList under one’s own tree', () => {
  it("lists only the root's own relations as sentences from the root's side, each with Remove", async () => {
    backEnd();
    renderWithProviders(<FamilyTree rootUserId={1} rootName="Rose Smith" isOwnTree headingLevel="h1" />);

    const section = await screen.findByRole('region', { name: 'Your relations' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Your relations' })).toBeInTheDocument();
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.firstChild?.textContent)).toEqual(['Mum Smith — your parent', 'Tom — your spouse']);
    expect(within(section).getByRole('button', { name: 'Remove relation with Mum Smith' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Remove relation with Tom' })).toBeInTheDocument();
    expect(within(section).queryByText(/Gran/)).not.toBeInTheDocument();
  });

  it('asks first, then DELETEs, says so, and refreshes the tree and the list', async () => {
    const { calls } = backEnd();
    const { user } = renderWithProviders(<FamilyTree rootUserId={1} rootName="Rose Smith" isOwnTree />);
    await screen.findByRole('button', { name: 'Mum Smith' });

    await user.click(screen.getByRole('button', { name: 'Remove relation with Mum Smith' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove relation' });
    expect(within(dialog).getByText('Are you sure you want to remove this relation?')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove relation with Mum Smith' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Relationship deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/family/10']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mum Smith' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Remove relation with Mum Smith' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove relation with Tom' })).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/family/1' && call.method === 'GET')).toHaveLength(2);
  });

  it("shows the server's sentence in a destructive toast titled Error and keeps the relation", async () => {
    backEnd(fakeResponse(403, { message: 'You can only remove relations you are part of or added yourself.' }));
    const { user } = renderWithProviders(<FamilyTreeCard rootUserId={1} rootName="Rose Smith" isOwnTree />);

    await user.click(await screen.findByRole('button', { name: 'Remove relation with Tom' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));

    const toast = (await screen.findByText('You can only remove relations you are part of or added yourself.')).closest(
      '[role=alert]',
    );
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(within(toast as HTMLElement).getByText('Error')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Remove relation with Tom' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tom' })).toBeInTheDocument();
  });

  it('folds a long list behind "Show relations (N)"', async () => {
    const kids = Array.from({ length: 6 }, (_, index) => ({
      id: 20 + index,
      username: `kid${index}`,
      displayName: `Kid ${index}`,
      profilePicture: null,
    }));
    stubFetch(() =>
      fakeResponse(
        200,
        kids.map((kid) => ({
          id: kid.id,
          fromUserId: 1,
          toUserId: kid.id,
          relationType: 'child',
          fromUser: rose,
          toUser: kid,
        })),
      ),
    );
    const { user } = renderWithProviders(<FamilyTree rootUserId={1} rootName="Rose Smith" isOwnTree />);

    await user.click(await screen.findByRole('button', { name: 'Show relations (6)' }));
    expect(screen.getAllByRole('button', { name: /^Remove relation with Kid/ })).toHaveLength(6);
    expect(screen.getByText('Kid 0 — your child')).toBeInTheDocument();
  });

  it("offers nothing of this on someone else's tree", async () => {
    stubFetch(() =>
      fakeResponse(200, [
        { ...roseTree[0], fromUserId: 2, toUserId: 1, relationType: 'child', fromUser: mum, toUser: rose },
      ]),
    );
    renderWithProviders(<FamilyTreeCard rootUserId={2} rootName="Mum Smith" isOwnTree={false} currentUserId={1} />);

    expect(await screen.findByRole('button', { name: 'Rose Smith' })).toBeInTheDocument();
    expect(screen.queryByText('Your relations')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove relation/ })).not.toBeInTheDocument();
  });
});
