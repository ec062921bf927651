import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Fragment, useEffect, useId, useRef, useState, type ReactNode } from 'react';
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
import { SelectionBar } from '../selection/selection-bar';
import { useMediaSelection } from '../selection/use-media-selection';
import { RoutedMediaDialog } from './routed-media-dialog';
import { TagUsersDialog } from './tag-users-dialog';

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
};

/** The media grid of docs/product.md "Media grid": search, type filter, 1/2/3 columns, more loaded while scrolling. */
export function MediaGrid({
  scope = {},
  renderCardActions,
  detailSlots,
  byMonth = false,
  takesDirectAddress = false,
}: MediaGridProps) {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [type, setType] = useState<MediaType | ''>('');
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
    window.scrollTo({ top: 0 });
  };
  // docs/product.md "Select many": ticked cards, and the bar with the actions on all of them.
  const selection = useMediaSelection(items);

  return (
    <Box>
      <MediaFilters search={search} onSearchChange={setSearch} type={type} onTypeChange={setType} />
      {byMonth && <JumpToDate onJump={jump} />}
      {before && (
        <Alert
          severity="info"
          variant="outlined"
          sx={{ mb: 3, alignItems: 'center' }}
          action={
            <Button onClick={() => setBefore(undefined)} sx={{ minHeight: 44 }}>
              Back to the newest
            </Button>
          }
        >
          From {monthLabel(monthBefore(before))} back.
        </Alert>
      )}
      {isLoading ? (
        <Grid aria-busy="true" aria-label="Loading media">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <MediaCardSkeleton key={index} />
          ))}
        </Grid>
      ) : error && items.length === 0 ? (
        <LoadError message={errorMessage(error, 'Could not load the media. Please try again.')} onRetry={retry} />
      ) : items.length === 0 ? (
        <Typography sx={{ py: 6, textAlign: 'center', color: 'text.secondary', fontSize: '1.15rem' }}>
          No media items found
        </Typography>
      ) : (
        <>
          <Grid>
            {items.map((item, index) => (
              <Fragment key={item.id}>
                {byMonth && (index === 0 || monthOf(items[index - 1].mediaDate) !== monthOf(item.mediaDate)) && (
                  <MonthHeading month={monthOf(item.mediaDate)} />
                )}
                <MediaCard
                  item={item}
                  onOpen={openItem}
                  onTagUsers={albumScoped ? undefined : setTagging}
                  extraActions={albumScoped ? undefined : renderCardActions?.(item)}
                  selected={selection.isSelected(item.id)}
                  onSelect={(picked, range) => selection.toggle(picked.id, range)}
                />
              </Fragment>
            ))}
          </Grid>
          {error && (
            <Alert severity="error" variant="outlined" sx={{ mt: 3 }}>
              {errorMessage(error, 'Could not load more media. Please try again.')}
            </Alert>
          )}
          {hasMore && <LoadMore onLoadMore={loadMore} loading={isLoadingMore} />}
          <SelectionBar selection={selection} />
        </>
      )}
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

/** A month of the gallery, across the whole row: "March 2022". */
function MonthHeading({ month }: { month: string }) {
  return (
    <Typography
      variant="h6"
      component="h2"
      sx={{ gridColumn: '1 / -1', mt: 1, mb: -1, fontWeight: 600, color: 'text.primary' }}
    >
      {monthLabel(month)}
    </Typography>
  );
}

function Grid({ children, ...aria }: { children: ReactNode; 'aria-busy'?: 'true'; 'aria-label'?: string }) {
  return (
    <Box
      {...aria}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
        gap: { xs: 2, md: 3 },
      }}
    >
      {children}
    </Box>
  );
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
