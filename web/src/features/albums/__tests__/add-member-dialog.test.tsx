import { screen, waitFor } from '@testing-library/react';
import type { Album } from '@family/contract';
import { fakeResponse, restoreFetch } from '../../../testing/fake-fetch';
import { pickPerson } from '../../../testing/fake-people';
import { renderWithProviders } from '../../../testing/render';
import { AddMemberDialog } from '../components/add-member-dialog';
import { album, backEnd, tom, writes } from './fixtures';

afterEach(restoreFetch);

const reunion = album({ id: 7, name: 'Reunion', members: [{ userId: tom.id, canEdit: true, user: tom }] });

function renderDialog(shown: Album | null = reunion) {
  const onClose = jest.fn();
  return { onClose, ...renderWithProviders(<AddMemberDialog album={shown} onClose={onClose} />) };
}

const memberField = () => screen.getByRole('combobox', { name: 'Family member' });
const optionNames = () => screen.getAllByRole('option').map((option) => option.getAttribute('aria-label'));

describe('AddMemberDialog', () => {
  it('offers members only, but the creator and the present members', async () => {
    const { calls } = backEnd([reunion]);
    const { user } = renderDialog();
    await user.click(memberField());
    await screen.findByRole('option', { name: /Cousin Carol/ });
    expect(optionNames()).toEqual(['Cousin Carol, member, @carol', 'Little Dave, member, @dave']);
    // Typing searches members alone: Babcia Carola has no account, so she cannot open an album.
    await user.type(memberField(), 'carol');
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/people?q=carol&members=true&limit=20'));
    await waitFor(() => expect(optionNames()).toEqual(['Cousin Carol, member, @carol']));
  });

  it('asks for a member before sending anything', async () => {
    const { calls } = backEnd([reunion]);
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(screen.getByText('Please select a member')).toBeInTheDocument();
    expect(memberField()).toHaveFocus();
    expect(writes(calls)).toEqual([]);
  });

  it('adds the chosen person with Can Edit, says so and closes', async () => {
    const { calls } = backEnd([reunion], {
      'POST /api/albums/7/members': () => fakeResponse(201, reunion),
    });
    const { user, onClose } = renderDialog();
    await pickPerson(user, 'Family member', 'dav', /^Little Dave/);
    await user.click(screen.getByRole('switch', { name: 'Can Edit' }));
    await user.click(screen.getByRole('button', { name: 'Add Member' }));

    expect(await screen.findByText('Member added successfully')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      { url: '/api/albums/7/members', method: 'POST', body: { userId: 4, canEdit: true } },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('clears the selection when closed', async () => {
    backEnd([reunion]);
    const onClose = jest.fn();
    const { user, rerender } = renderWithProviders(<AddMemberDialog album={reunion} onClose={onClose} />);
    await pickPerson(user, 'Family member', 'carol', /^Cousin Carol/);
    await user.click(screen.getByRole('switch', { name: 'Can Edit' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();

    rerender(<AddMemberDialog album={null} onClose={onClose} />);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    rerender(<AddMemberDialog album={reunion} onClose={onClose} />);
    expect(memberField()).toHaveValue('');
    expect(screen.getByRole('switch', { name: 'Can Edit' })).not.toBeChecked();
  });

  it("shows the server's refusal in a destructive toast", async () => {
    backEnd([reunion], {
      'POST /api/albums/7/members': () =>
        fakeResponse(403, {
          statusCode: 403,
          message: 'Only the album creator or a member who can edit may add members',
        }),
    });
    const { user, onClose } = renderDialog();
    await pickPerson(user, 'Family member', 'carol', /^Cousin Carol/);
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    const toast = (await screen.findByText('Only the album creator or a member who can edit may add members')).closest(
      '[role=alert]',
    );
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(onClose).not.toHaveBeenCalled();
  });
});
