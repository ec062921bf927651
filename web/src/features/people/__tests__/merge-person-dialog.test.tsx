import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { PersonDetail } from '@family/contract';
import { fakeResponse, restoreFetch, stubFetch } from '../../../testing/fake-fetch';
import { answerPeopleSearch, listItem, pickPerson } from '../../../testing/fake-people';
import { renderWithProviders } from '../../../testing/render';
import { MergePersonDialog } from '../components/merge-person-dialog';

const duplicate: PersonDetail = {
  ...listItem({ id: 40, username: null, displayName: 'Babcia Jadzia' }),
  story: null,
};
const jadwiga = listItem(
  { id: 41, username: null, displayName: 'Jadwiga Nowak' },
  { givenName: 'Jadwiga', surname: 'Nowak', birth: { date: '1921', place: null } },
);
const family = [listItem({ id: 1, username: 'rose', displayName: 'Grandma Rose' }), listItem(duplicate), jadwiga];

function renderDialog() {
  const onClose = jest.fn();
  const view = renderWithProviders(
    <Routes>
      <Route path="/profile/40" element={<MergePersonDialog open person={duplicate} onClose={onClose} />} />
      <Route path="/profile/:id" element={<p>Another profile</p>} />
    </Routes>,
    { route: '/profile/40' },
  );
  return { onClose, ...view };
}

afterEach(restoreFetch);

describe(MergePersonDialog.name, () => {
  it('asks for the person to merge into before sending anything, and never offers the person themselves', async () => {
    const { calls } = stubFetch((call) => answerPeopleSearch(call, family) ?? fakeResponse(404, {}));
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Merge' }));
    expect(screen.getByText('Please choose the person to merge into')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Merge into' })).toHaveFocus();

    await user.type(screen.getByRole('combobox', { name: 'Merge into' }), 'jad');
    await screen.findByRole('option', { name: /^Jadwiga Nowak/ });
    expect(screen.queryByRole('option', { name: /^Babcia Jadzia/ })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('merges into the person found by typing, says so and opens their page', async () => {
    const { calls } = stubFetch(
      (call) =>
        answerPeopleSearch(call, family) ??
        (call.method === 'POST' && call.url === '/api/people/40/merge'
          ? fakeResponse(200, { ...jadwiga, story: null })
          : fakeResponse(404, { message: `Not stubbed: ${call.url}` })),
    );
    const { user, onClose } = renderDialog();
    await pickPerson(user, 'Merge into', 'nowak', /^Jadwiga Nowak/);
    await user.click(screen.getByRole('button', { name: 'Merge' }));

    expect(await screen.findByText('Another profile')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      url: '/api/people/40/merge',
      method: 'POST',
      body: { intoId: 41 },
    });
    expect(await screen.findByText('Babcia Jadzia is now part of Jadwiga Nowak.')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("shows the server's refusal and stays open", async () => {
    stubFetch(
      (call) =>
        answerPeopleSearch(call, family) ??
        fakeResponse(409, { statusCode: 409, message: 'Jadwiga Nowak would have three birth parents.' }),
    );
    const { user, onClose } = renderDialog();
    await pickPerson(user, 'Merge into', 'nowak', /^Jadwiga Nowak/);
    await user.click(screen.getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('Jadwiga Nowak would have three birth parents.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
