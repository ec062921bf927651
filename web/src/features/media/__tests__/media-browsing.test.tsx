import { fireEvent, screen } from '@testing-library/react';
import { fakeResponse, restoreFetch, stubFetch } from '../../../testing/fake-fetch';
import { renderWithProviders } from '../../../testing/render';
import { JumpToDate } from '../components/jump-to-date';
import { MediaDetailDialog } from '../components/media-detail-dialog';
import { dayAfterMonth, monthBefore, monthLabel } from '../utils/months';
import { mediaItem } from './fixtures';

afterEach(restoreFetch);

describe('months', () => {
  it('names months and turns a month into the day a jump starts before, and back', () => {
    expect(monthLabel('2022-03')).toBe('March 2022');
    expect(dayAfterMonth('2022-03')).toBe('2022-04-01');
    expect(dayAfterMonth('2021-12')).toBe('2022-01-01');
    expect(monthBefore('2022-01-01')).toBe('2021-12');
    expect(monthBefore('2022-04-01')).toBe('2022-03');
  });
});

describe('JumpToDate', () => {
  it('offers the years and months that hold items, with their counts, and jumps to the chosen month', async () => {
    stubFetch(() =>
      fakeResponse(200, [
        { month: '2024-05', count: 3 },
        { month: '2019-12', count: 1 },
        { month: '2019-03', count: 7 },
      ]),
    );
    const onJump = jest.fn();
    const { user } = renderWithProviders(<JumpToDate onJump={onJump} />);
    const year = await screen.findByRole('combobox', { name: 'Year' });
    expect([...(year as HTMLSelectElement).options].map((o) => o.text)).toEqual(['2024', '2019']);
    await user.selectOptions(year, '2019');
    const month = screen.getByRole('combobox', { name: 'Month' });
    expect([...(month as HTMLSelectElement).options].map((o) => o.text)).toEqual(['December (1)', 'March (7)']);
    await user.selectOptions(month, '2019-03');
    await user.click(screen.getByRole('button', { name: 'Jump' }));
    expect(onJump).toHaveBeenCalledWith('2019-03');
  });
});

describe('MediaDetailDialog in a list', () => {
  const item = mediaItem();
  beforeEach(() => {
    stubFetch((call) => (call.url === `/api/media/${item.id}` ? fakeResponse(200, item) : fakeResponse(200, [])));
  });

  it('moves with Previous and Next, the arrow keys and a sideways swipe; Previous is off at the start', async () => {
    const onNext = jest.fn();
    const { user } = renderWithProviders(<MediaDetailDialog item={item} open onClose={jest.fn()} onNext={onNext} />);
    const dialog = screen.getByRole('dialog', { name: /Beach day/ });
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    const paper = dialog;
    fireEvent.touchStart(paper, { touches: [{ clientX: 300, clientY: 400 }] });
    fireEvent.touchEnd(paper, { changedTouches: [{ clientX: 120, clientY: 410 }] });
    // Mostly up and down: a scroll, not a swipe.
    fireEvent.touchStart(paper, { touches: [{ clientX: 300, clientY: 100 }] });
    fireEvent.touchEnd(paper, { changedTouches: [{ clientX: 230, clientY: 500 }] });
    expect(onNext).toHaveBeenCalledTimes(3);
  });

  it('leaves the arrow keys to text fields', async () => {
    const onPrevious = jest.fn();
    renderWithProviders(<MediaDetailDialog item={item} open onClose={jest.fn()} onPrevious={onPrevious} />);
    const dialog = screen.getByRole('dialog', { name: /Beach day/ });
    const field = document.createElement('input');
    dialog.appendChild(field);
    fireEvent.keyDown(field, { key: 'ArrowLeft' });
    expect(onPrevious).not.toHaveBeenCalled();
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(onPrevious).toHaveBeenCalledTimes(1);
  });

  it('shows no Previous or Next outside a list', () => {
    renderWithProviders(<MediaDetailDialog item={item} open onClose={jest.fn()} />);
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });
});
