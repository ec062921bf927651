import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { MediaItem, MediaType } from '@family/contract';
import { LoadError } from '../../../components/load-error';
import { errorMessage } from '../../../lib/api';
import { useMediaList } from '../api/use-media-list';
import { mediaListId, useOpenMedia } from '../hooks/media-address';
import type { MediaDetailSlots, MediaScope } from '../types';
import { dayAfterMonth, monthBefore, monthLabel, monthOf } from '../utils/months';
import { JumpToDate } from './jump-to-date';
import { MediaCard } from './media-card';
import { MediaCardSkeleton } from './media-card-skeleton';
import { MediaFilters } from './media-filters';
import { MediaToolbar, type OpenPanel } from './media-toolbar';
import { SelectionBar } from '../selection/selection-bar';
import { useMediaSelection } from '../selection/use-media-selection';
import { RoutedMediaDialog } from './routed-media-dialog';
import { TagUsersDialog } from './tag-users-dialog';
import { MonthSection, MonthSections, ThumbnailGrid } from './thumbnail-grid';

/** docs/product.md "Media grid": six skeleton cards while loading. */
const SKELETON_CARDS = 6;
/** Typing pauses this long before the search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

export type MediaGridProps = {
  /** Everything (default), one album ({ albumId }), one person's uploads, or what one person is tagged in. */
  scope?: MediaScope;
  /**
   * More buttons on each card beside Tag Users, shown when the grid is not scoped to an album: the albums work
   * passes its 'Add to Album' button here.
   */
  renderCardActions?: (item: MediaItem) => ReactNode;
  /** Slots of the detail dialog (add to album, the album line). */
  detailSlots?: MediaDetailSlots;
  /** The gallery: month headings and "Jump to date" (docs/product.md "Months"). */
  byMonth?: boolean;
  /** The gallery under a reloaded or shared `/media/{id}`: it shows that item (docs/product.md "Media addresses"). */
  takesDirectAddress?: boolean;
  /** The page's heading, at the start of the grid's bar. */
  heading?: ReactNode;
  /** What comes between the bar and the thumbnails (the gallery's strips: Just uploaded, On this day). */
  aboveGrid?: ReactNode;
  /** A floating button (the gallery's Upload), out of the way while cards are ticked. */
  floatingAction?: ReactNode;
};

/** The media grid of docs/product.md "Media grid": one bar, square thumbnails, more loaded while scrolling. */
export function MediaGrid({
  scope = {},
  renderCardActions,
  detailSlots,
  byMonth = false,
  takesDirectAddress = false,
  heading,
  aboveGrid,
  floatingAction,
}: MediaGridProps) {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [type, setType] = useState<MediaType | ''>('');
  const [panel, setPanel] = useState<OpenPanel>(null);
  const [selecting, setSelecting] = useState(false);
  /** "Jump to date": the list starts before this day (`YYYY-MM-DD`), older items follow as one scrolls. */
  const [before, setBefore] = useState<string | undefined>(undefined);
  const listId = mediaListId(useId());
  const openItem = useOpenMedia(listId);
  const [tagging, setTagging] = useState<MediaItem | null>(null);
  const albumScoped = 'albumId' in scope && scope.albumId !== undefined;

  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const { items, error, isLoading, isLoadingMore, hasMore, loadMore, retry } = useMediaList(scope, {
    q,
    type,
    before,
  });

  const jump = (month: string) => {
    setBefore(dayAfterMonth(month));
    setPanel(null);
    window.scrollTo({ top: 0 });
  };
  // docs/product.md "Select many": ticked cards, and the bar with the actions on all of them.
  const selection = useMediaSelection(items);

  const card = (item: MediaItem) => (
    <MediaCard
      key={item.id}
      item={item}
      onOpen={openItem}
      onTagUsers={albumScoped ? undefined : setTagging}
      extraActions={albumScoped ? undefined : renderCardActions?.(item)}
      selected={selection.isSelected(item.id)}
      onSelect={(picked, range) => selection.toggle(picked.id, range)}
      selecting={selecting || selection.items.length > 0}
    />
  );

  return (
    // Room under the last row for the floating button, so it never hides a picture for good.
    <Box sx={floatingAction ? { pb: 10 } : undefined}>
      <MediaToolbar
        heading={heading}
        open={panel}
        onOpenChange={setPanel}
        filtering={search.trim() !== '' || type !== ''}
        jumps={byMonth}
        selecting={selecting}
        onSelectingChange={setSelecting}
      />
      {panel === 'search' && (
        <MediaFilters search={search} onSearchChange={setSearch} type={type} onTypeChange={setType} />
      )}
      {byMonth && panel === 'jump' && <JumpToDate onJump={jump} />}
      {before && (
        <Alert
          severity="info"
          variant="outlined"
          sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}
          action={
            <Button onClick={() => setBefore(undefined)} sx={{ minHeight: 44 }}>
              Back to the newest
            </Button>
          }
        >
          From {monthLabel(monthBefore(before))} back.
        </Alert>
      )}
      {aboveGrid}
      {/* The gallery's thumbnails reach the phone's edges (docs/product.md "Media grid"). */}
      <Box sx={byMonth ? { mx: { xs: -2, sm: 0 } } : undefined}>
        {isLoading ? (
          <ThumbnailGrid aria-busy="true" aria-label="Loading media">
            {Array.from({ length: SKELETON_CARDS }, (_, index) => (
              <MediaCardSkeleton key={index} />
            ))}
          </ThumbnailGrid>
        ) : error && items.length === 0 ? (
          <LoadError message={errorMessage(error, 'Could not load the media. Please try again.')} onRetry={retry} />
        ) : items.length === 0 ? (
          <Typography sx={{ py: 6, textAlign: 'center', color: 'text.secondary', fontSize: '1.15rem' }}>
            No media items found
          </Typography>
        ) : byMonth ? (
          <MonthSections>
            {groupByMonth(items).map(({ month, monthItems }) => (
              <MonthSection key={month} month={month} items={monthItems.length}>
                {monthItems.map(card)}
              </MonthSection>
            ))}
          </MonthSections>
        ) : (
          <ThumbnailGrid>{items.map(card)}</ThumbnailGrid>
        )}
      </Box>
      {items.length > 0 && (
        <>
          {error && (
            <Alert severity="error" variant="outlined" sx={{ mt: 3 }}>
              {errorMessage(error, 'Could not load more media. Please try again.')}
            </Alert>
          )}
          {hasMore && <LoadMore onLoadMore={loadMore} loading={isLoadingMore} />}
          <SelectionBar selection={selection} />
        </>
      )}
      {floatingAction && <Box sx={{ display: selection.items.length > 0 ? 'none' : 'contents' }}>{floatingAction}</Box>}
      <RoutedMediaDialog
        listId={listId}
        items={items}
        hasMore={hasMore}
        loadMore={loadMore}
        takesDirectAddress={takesDirectAddress}
        slots={detailSlots}
      />
      {tagging && <TagUsersDialog open item={tagging} onClose={() => setTagging(null)} />}
    </Box>
  );
}

/** Runs of items of one month, in the list's order (newest first). */
function groupByMonth(items: MediaItem[]): Array<{ month: string; monthItems: MediaItem[] }> {
  const groups: Array<{ month: string; monthItems: MediaItem[] }> = [];
  for (const item of items) {
    const month = monthOf(item.mediaDate);
    const last = groups.at(-1);
    if (last?.month === month) last.monthItems.push(item);
    else groups.push({ month, monthItems: [item] });
  }
  return groups;
}

/**
 * Loads the next page when the end of the grid scrolls into view; the button is there for whoever prefers
 * to tap (and for browsers without IntersectionObserver).
 */
function LoadMore({ onLoadMore, loading }: { onLoadMore: () => void; loading: boolean }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const loadNext = useRef(onLoadMore);
  useEffect(() => {
    loadNext.current = onLoadMore;
  }, [onLoadMore]);

  // Observed afresh after each page: if the end is still in view (a short page), the next one follows.
  useEffect(() => {
    const node = sentinel.current;
    if (loading || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          loadNext.current();
        }
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [loading]);

  return (
    <Box ref={sentinel} sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
      <Button variant="outlined" size="large" onClick={onLoadMore} disabled={loading}>
        {loading ? <CircularProgress size={22} aria-label="Loading more media" /> : 'Load more'}
      </Button>
    </Box>
  );
}
