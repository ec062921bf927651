import AccountTreeIcon from '@mui/icons-material/AccountTree';
import PhotoAlbumIcon from '@mui/icons-material/PhotoAlbum';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useState, type ReactElement } from 'react';
import { PageSpinner } from '../../components/page-spinner';
import { MediaGalleryPage } from '../../features/media/components/media-gallery-page';
import { MediaGrid } from '../../features/media/components/media-grid';
import { useCurrentUser } from '../../lib/queries/current-user';
import { useRefreshMedia } from '../../lib/queries/media';
import { albumCardActions, albumDetailSlots } from '../album-media-slots';

// The albums and the tree are fetched when first opened: the gallery's first visit carries only its own code.
const AlbumsView = lazy(() =>
  import('../../features/albums/components/albums-view').then((module) => ({ default: module.AlbumsView })),
);
const FamilyTree = lazy(() =>
  import('../../features/family/components/family-tree').then((module) => ({ default: module.FamilyTree })),
);

type HomeView = 'gallery' | 'albums' | 'tree';

/** The browser setting that remembers the last chosen home view ('gallery', 'tree' or 'albums'). */
export const HOME_VIEW_KEY = 'family-archive.home-view';

const VIEWS: ReadonlyArray<{ value: HomeView; label: string; icon: ReactElement }> = [
  { value: 'gallery', label: 'Media Gallery', icon: <PhotoLibraryIcon /> },
  { value: 'albums', label: 'Albums', icon: <PhotoAlbumIcon /> },
  { value: 'tree', label: 'Family Tree', icon: <AccountTreeIcon /> },
];

const isHomeView = (value: unknown): value is HomeView => value === 'gallery' || value === 'albums' || value === 'tree';

// The view chosen while the app runs, so coming back to home from another page keeps it.
let currentView: HomeView | null = null;

/** docs/product.md "Home": the saved view is read once (the first time home shows after a load), then cleared. */
function takeSavedView(): HomeView {
  if (currentView) return currentView;
  let saved: string | null = null;
  try {
    saved = window.localStorage.getItem(HOME_VIEW_KEY);
    window.localStorage.removeItem(HOME_VIEW_KEY);
  } catch {
    // Storage may be off (private browsing): start with the gallery.
  }
  currentView = isHomeView(saved) ? saved : 'gallery';
  return currentView;
}

function saveView(view: HomeView) {
  currentView = view;
  try {
    window.localStorage.setItem(HOME_VIEW_KEY, view);
  } catch {
    // Not saved: the choice still holds until the page is reloaded.
  }
}

/**
 * Home: the media gallery with upload, the albums, or one's family tree. The switch between them shows on phones
 * only; wider, the header's links are the one navigation and home is the gallery (docs/product.md "Home").
 */
export default function HomeRoute() {
  const { user } = useCurrentUser();
  const [chosen, setView] = useState<HomeView>(takeSavedView);
  const refreshMedia = useRefreshMedia();
  const wide = useMediaQuery(useTheme().breakpoints.up('md'), { noSsr: true });
  if (!user) return null;
  const detailSlots = albumDetailSlots(user.id);
  const view = wide ? 'gallery' : chosen;

  // On a phone the switch opens the gallery's one bar; over the albums and the tree it stands above them.
  const viewSwitch = wide ? undefined : (
    <ToggleButtonGroup
      exclusive
      color="primary"
      value={view}
      onChange={(_event, next: unknown) => {
        if (!isHomeView(next)) return;
        saveView(next);
        setView(next);
      }}
      aria-label="What to show"
      sx={{ display: 'flex', width: '100%', maxWidth: 640 }}
    >
      {VIEWS.map(({ value, label, icon }) => (
        <ToggleButton
          key={value}
          value={value}
          sx={{
            flex: 1,
            gap: 0.75,
            minHeight: 48,
            px: 1,
            lineHeight: 1.2,
            // Whole words: a view that does not fit beside the others goes onto a row of its own.
            overflowWrap: 'break-word',
            '& > svg': { display: { xs: 'none', sm: 'inline-block' } },
          }}
        >
          {icon}
          {label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );

  return (
    <>
      {view !== 'gallery' && viewSwitch && <Box sx={{ mb: 2 }}>{viewSwitch}</Box>}
      {view === 'gallery' && (
        <MediaGalleryPage
          viewSwitch={viewSwitch}
          renderCardActions={albumCardActions(user.id)}
          detailSlots={detailSlots}
        />
      )}
      <Suspense fallback={<PageSpinner />}>
        {view === 'albums' && (
          <AlbumsView
            currentUserId={user.id}
            headingLevel="h1"
            renderAlbumMedia={(album) => <MediaGrid scope={{ albumId: album.id }} detailSlots={detailSlots} />}
            onMediaChanged={refreshMedia}
          />
        )}
        {view === 'tree' && (
          <FamilyTree
            rootUserId={user.id}
            rootName={user.displayName}
            rootPicture={user.profilePicture ?? null}
            isOwnTree
            headingLevel="h1"
          />
        )}
      </Suspense>
    </>
  );
}
