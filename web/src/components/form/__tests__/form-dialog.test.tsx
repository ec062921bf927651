import TextField from '@mui/material/TextField';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { sendJson } from '../../../lib/api';
import { deferred, fakeResponse, restoreFetch, stubFetch } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { FormDialog } from '../form-dialog';
import { useFormSubmit, type FormSubmitOptions } from '../use-form-submit';

type Saved = { id: number; name: string };

type Hooks = {
  onClose: jest.Mock;
  refresh: jest.Mock;
  reset: jest.Mock;
  onCancel?: () => void;
  failure?: FormSubmitOptions<Saved>['failure'];
};

/** A one-field dialog as the features write them: its field, its check, its request. */
function NameDialog({ onClose, refresh, reset, onCancel, failure }: Hooks) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const form = useFormSubmit({
    send: () => {
      if (!name.trim()) {
        setProblem('Please enter a name');
        return null;
      }
      return sendJson<Saved>('POST', '/api/names', { name: name.trim() });
    },
    success: (saved) => ({ title: 'Name saved', description: `“${saved.name}” is number ${saved.id}.` }),
    refresh,
    reset: () => {
      reset();
      setName('');
      setProblem(null);
    },
    onClose,
    ...(failure ? { failure } : {}),
  });
  return (
    <FormDialog
      open
      form={form}
      title="Add a name"
      intro="Any name will do."
      submitLabel="Save name"
      busyLabel="Saving..."
      submitDisabled={name === 'nobody'}
      onCancel={onCancel}
    >
      <TextField
        label="Name"
        value={name}
        disabled={form.busy}
        error={problem !== null}
        helperText={problem}
        onChange={(event) => setName(event.target.value)}
      />
    </FormDialog>
  );
}

function renderDialog(extra: Partial<Hooks> = {}) {
  const hooks = { onClose: jest.fn(), refresh: jest.fn(), reset: jest.fn(), ...extra };
  return { ...hooks, ...renderWithProviders(<NameDialog {...hooks} />) };
}

const posts = (calls: { method: string }[]) => calls.filter((call) => call.method === 'POST');

afterEach(restoreFetch);

describe(FormDialog.name, () => {
  it('is one form named by its title, with the intro, the fields, Cancel and submit', () => {
    renderDialog();

    const dialog = screen.getByRole('dialog', { name: 'Add a name' });
    expect(within(dialog).getByText('Any name will do.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Save name' })).toHaveAttribute('type', 'submit');
  });

  it('sends nothing while the check finds a problem', async () => {
    const { calls } = stubFetch(() => fakeResponse(201, { id: 1, name: 'x' }));
    const { user, onClose, refresh } = renderDialog();

    await user.click(screen.getByRole('button', { name: 'Save name' }));

    expect(screen.getByText('Please enter a name')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save name' })).toBeEnabled();
    expect(calls).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('is busy while sending, refuses to close, then says so, refreshes, resets and closes', async () => {
    const answer = deferred<Response>();
    const { calls } = stubFetch(() => answer.promise);
    const { user, onClose, refresh, reset } = renderDialog();
    await user.type(screen.getByLabelText('Name'), ' Rose ');

    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByLabelText('Name')).toBeDisabled();
    await user.keyboard('{Escape}');
    // A second submit while the first is on its way sends nothing more.
    fireEvent.submit(screen.getByLabelText('Name').closest('form') as HTMLFormElement);
    expect(onClose).not.toHaveBeenCalled();
    expect(posts(calls)).toEqual([{ url: '/api/names', method: 'POST', body: { name: 'Rose' } }]);

    answer.resolve(fakeResponse(201, { id: 7, name: 'Rose' }));

    expect(await screen.findByText('“Rose” is number 7.')).toBeInTheDocument();
    expect(screen.getByText('Name saved')).toBeInTheDocument();
    expect(refresh).toHaveBeenCalledWith({ id: 7, name: 'Rose' });
    expect(reset).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(posts(calls)).toHaveLength(1);
  });

  it("says the server's sentence in an Error toast and keeps the form for another try", async () => {
    stubFetch(() => fakeResponse(409, { statusCode: 409, message: 'That name is taken.' }));
    const { user, onClose, refresh, reset } = renderDialog();
    await user.type(screen.getByLabelText('Name'), 'Rose');

    await user.click(screen.getByRole('button', { name: 'Save name' }));

    // The open dialog hides the rest of the page from the accessibility tree, the toast region with it.
    const toast = (await screen.findByText('That name is taken.')).closest('[role=alert]') as HTMLElement;
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Rose');
    expect(screen.getByRole('button', { name: 'Save name' })).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
    expect(reset).not.toHaveBeenCalled();
  });

  it('shows no toast when the failure says there is nothing to say', async () => {
    stubFetch(() => fakeResponse(409, { message: 'That name is taken.' }));
    const failure = jest.fn(() => null);
    const { user } = renderDialog({ failure });
    await user.type(screen.getByLabelText('Name'), 'Rose');

    await user.click(screen.getByRole('button', { name: 'Save name' }));

    await waitFor(() => expect(failure).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('button', { name: 'Save name' })).toBeEnabled();
    expect(screen.queryByText('That name is taken.')).not.toBeInTheDocument();
  });

  it('closes on Cancel and on Escape, emptying the fields', async () => {
    const { user, onClose, reset } = renderDialog();
    await user.type(screen.getByLabelText('Name'), 'Rose');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(reset).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Name')).toHaveValue('');

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps submit off while the form cannot be sent', async () => {
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Name'), 'nobody');
    expect(screen.getByRole('button', { name: 'Save name' })).toBeDisabled();
  });

  it('leaves Cancel on while busy when it does more than close', async () => {
    const answer = deferred<Response>();
    stubFetch(() => answer.promise);
    const onCancel = jest.fn();
    const { user, onClose } = renderDialog({ onCancel });
    await user.type(screen.getByLabelText('Name'), 'Rose');
    await user.click(screen.getByRole('button', { name: 'Save name' }));

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    answer.resolve(fakeResponse(201, { id: 1, name: 'Rose' }));
    expect(await screen.findByText('Name saved')).toBeInTheDocument();
  });
});
