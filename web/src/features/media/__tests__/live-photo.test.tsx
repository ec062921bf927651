import { fireEvent, render, screen } from '@testing-library/react';
import { LivePhoto } from '../components/live-photo';
import { mediaItem } from './fixtures';

const item = { ...mediaItem({ id: 12 }), previewUrl: '/api/media/12/preview', motionUrl: '/api/media/12/motion' };

describe(LivePhoto.name, () => {
  it('plays the motion while the mouse is over the still, and not after it leaves', () => {
    render(<LivePhoto item={item} />);
    expect(screen.queryByLabelText('Motion of Beach day')).not.toBeInTheDocument();
    const picture = screen.getByTestId('live-photo');
    fireEvent.pointerEnter(picture, { pointerType: 'mouse' });
    expect(screen.getByLabelText('Motion of Beach day')).toHaveAttribute('src', '/api/media/12/motion');
    fireEvent.pointerLeave(picture, { pointerType: 'mouse' });
    expect(screen.queryByLabelText('Motion of Beach day')).not.toBeInTheDocument();
  });

  it('plays it while a finger holds the still, not when a finger only passes over it', () => {
    render(<LivePhoto item={item} />);
    const picture = screen.getByTestId('live-photo');
    fireEvent.pointerEnter(picture, { pointerType: 'touch' });
    expect(screen.queryByLabelText('Motion of Beach day')).not.toBeInTheDocument();
    fireEvent.pointerDown(picture, { pointerType: 'touch' });
    expect(screen.getByLabelText('Motion of Beach day')).toBeInTheDocument();
    fireEvent.pointerUp(picture, { pointerType: 'touch' });
    expect(screen.queryByLabelText('Motion of Beach day')).not.toBeInTheDocument();
  });

  it('starts and stops it with the Live button, a toggle', () => {
    render(<LivePhoto item={item} />);
    const live = screen.getByRole('button', { name: 'Live, play the motion' });
    expect(live).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(live);
    expect(screen.getByLabelText('Motion of Beach day')).toBeInTheDocument();
    const stop = screen.getByRole('button', { name: 'Live, stop the motion' });
    expect(stop).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(stop);
    expect(screen.queryByLabelText('Motion of Beach day')).not.toBeInTheDocument();
  });
});
