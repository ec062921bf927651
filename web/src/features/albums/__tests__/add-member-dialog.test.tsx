import { screen, waitFor, within } from '@testing-library/react';
import type { Album } from '@family/contract';
import { fakeResponse, restoreFetch } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { AddMemberDialog } from '../components/add-member-dialog';
import { album, backEnd, carol, dave, tom, writes } from './fixtures';

afterEach(restoreFetch);

const reunion = album({ id: 7, name: 'Reunion', members: [{ userId: tom.id, canEdit: true, user: tom }] });

function renderDialog(shown: Album | null = reunion) {
  const onClose = jest.fn();
  return { onClose, ...renderWithProviders(<AddMemberDialog album={shown} onClose={onClose} />) };
}

const memberSelect = () => screen.getByRole('combobox', { name: 'Family member' });
const optionNames = () =>
  within(memberSelect())
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('AddMemberDialog', () => {
  it('offers everyone but the creator and the present members', async () => {
    backEnd([reunion]);
    renderDialog();
    await screen.findByRole('option', { name: /Cousin Carol/ });
    expect(optionNames()).toEqual(['Select a family member', 'Cousin Carol (@carol)', 'Little Dave (@dave)']);
  });

  it('asks for a member before sending anything', async () => {
    const { calls } = backEnd([reunion]);
    const { user } = renderDialog();
    await screen.findByRole('option', { name: /Cousin Carol/ });
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(screen.getByText('Please select a member')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it('adds the chosen person with Can Edit, says so and closes', async () => {
    const { calls } = backEnd([reunion], {
      'POST /api/albums/7/members': () => fakeResponse(201, reunion),
    });
    const { user, onClose } = renderDialog();
    await screen.findByRole('option', { name: /Little Dave/ });
    await user.selectOptions(memberSelect(), String(dave.id));
    await user.click(screen.getByRole('switch', { name: 'Can Edit' }));
    await user.click(screen.getByRole('button', { name: 'Add Member' }));

    expect(await screen.findByText('Member added successfully')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      { url: '/api/albums/7/members', method: 'POST', body: { userId: dave.id, canEdit: true } },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('clears the selection when closed', async () => {
    backEnd([reunion]);
    const onClose = jest.fn();
    const { user, rerender } = renderWithProviders(<AddMemberDialog album={reunion} onClose={onClose} />);
    await screen.findByRole('option', { name: /Cousin Carol/ });
    await user.selectOptions(memberSelect(), String(carol.id));
    await user.click(screen.getByRole('switch', { name: 'Can Edit' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();

    rerender(<AddMemberDialog album={null} onClose={onClose} />);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    rerender(<AddMemberDialog album={reunion} onClose={onClose} />);
    expect(memberSelect()).toHaveValue('');
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
    await screen.findByRole('option', { name: /Cousin Carol/ });
    await user.selectOptions(memberSelect(), String(carol.id));
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    const toast = (await screen.findByText('Only the album creator or a member who can edit may add members')).closest(
      '[role=alert]',
    );
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(onClose).not.toHaveBeenCalled();
  });
});
