import { useState } from 'react';
import Dialog from '@mui/material/Dialog';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider } from '../toast-provider';
import { useToast } from '../use-toast';

function Harness() {
  const { toast } = useToast();
  return (
    <>
      <button onClick={() => toast({ title: 'Album created successfully', description: 'Summer 1998' })}>first</button>
      <button onClick={() => toast({ variant: 'destructive', title: 'Error', description: 'Album name is required' })}>
        second
      </button>
    </>
  );
}

function setup() {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(
    <ToastProvider>
      <Harness />
    </ToastProvider>,
  );
  return { user };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  act(() => jest.runOnlyPendingTimers());
  jest.useRealTimers();
});

describe(ToastProvider.name, () => {
  it('shows a title and description that screen readers are told about', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'first' }));

    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('Album created successfully');
    expect(toast).toHaveTextContent('Summer 1998');
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toContainElement(toast);
  });

  it('keeps one toast at a time: a new one replaces the previous', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'first' }));
    await user.click(screen.getByRole('button', { name: 'second' }));

    expect(screen.queryByText('Album created successfully')).not.toBeInTheDocument();
    const toast = screen.getByRole('alert');
    expect(toast).toHaveTextContent('Album name is required');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(screen.queryAllByRole('status')).toHaveLength(0);
  });

  it('closes by itself after 5 seconds', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'first' }));

    act(() => jest.advanceTimersByTime(4900));
    expect(screen.getByText('Album created successfully')).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByText('Album created successfully')).not.toBeInTheDocument();
  });

  it('closes with its close button', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'first' }));
    await user.click(screen.getByRole('button', { name: 'Close notification' }));

    expect(screen.queryByText('Album created successfully')).not.toBeInTheDocument();
  });

  it('is dismissed by a swipe to the right of more than 50 px, not by a shorter one', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'first' }));
    const toast = screen.getByRole('status');

    fireEvent.pointerDown(toast, { pointerId: 1, button: 0, clientX: 100 });
    fireEvent.pointerMove(toast, { pointerId: 1, clientX: 140 });
    fireEvent.pointerUp(toast, { pointerId: 1, clientX: 140 });
    expect(screen.getByText('Album created successfully')).toBeInTheDocument();

    fireEvent.pointerDown(toast, { pointerId: 2, button: 0, clientX: 100 });
    fireEvent.pointerMove(toast, { pointerId: 2, clientX: 160 });
    fireEvent.pointerUp(toast, { pointerId: 2, clientX: 160 });
    expect(screen.queryByText('Album created successfully')).not.toBeInTheDocument();
  });

  it('moves focus to the notifications region on F8', async () => {
    const { user } = setup();
    await user.keyboard('{F8}');

    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toHaveFocus();
  });
});

describe('toasts while a dialog is open', () => {
  function DialogHarness() {
    const { toast } = useToast();
    const [open, setOpen] = useState(false);
    if (!open) return <button onClick={() => setOpen(true)}>open</button>;
    return (
      <Dialog open aria-label="Create Album">
        <button
          onClick={() => toast({ variant: 'destructive', title: 'Error', description: 'Album name is required' })}
        >
          save
        </button>
      </Dialog>
    );
  }

  it('are still announced: the notifications region is not hidden by the dialog', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(
      <ToastProvider>
        <DialogHarness />
      </ToastProvider>,
    );
    // The region exists before the dialog opens, as in the app.
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.click(await screen.findByRole('button', { name: 'save' }));
    // Without { hidden: true }: only what assistive technology can reach is found.
    expect(await screen.findByRole('alert')).toHaveTextContent('Album name is required');
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).not.toHaveAttribute('aria-hidden');
  });
});
