import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { ConfirmDialog } from '../confirm-dialog';

describe(ConfirmDialog.name, () => {
  function setup(busy = false) {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    const rendered = renderWithProviders(
      <ConfirmDialog
        open
        title="Delete album"
        description="Are you sure you want to delete this album?"
        confirmLabel="Delete"
        destructive
        busy={busy}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    return { ...rendered, onConfirm, onCancel };
  }

  it('asks the question and confirms only on the confirm button', async () => {
    const { user, onConfirm, onCancel } = setup();

    const dialog = screen.getByRole('dialog', { name: 'Delete album' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this album?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels with the cancel button and with Escape', async () => {
    const { user, onConfirm, onCancel } = setup();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');

    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('disables both buttons while the action runs', () => {
    setup(true);

    expect(screen.getByRole('button', { name: 'Delete...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});
