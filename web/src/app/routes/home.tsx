import AccountTreeIcon from '@mui/icons-material/AccountTree';
import PhotoAlbumIcon from '@mui/icons-material/PhotoAlbum';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
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

/** Home: the media gallery with upload, the albums, or one's family tree. */
export default function HomeRoute() {
  const { user } = useCurrentUser();
  const [view, setView] = useState<HomeView>(takeSavedView);
  const refreshMedia = useRefreshMedia();
  if (!user) return null;
  const detailSlots = albumDetailSlots(user.id);

  return (
    <>
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
        sx={{ mb: 3, display: 'flex', width: { xs: '100%', sm: 'auto' }, maxWidth: 640 }}
      >
        {VIEWS.map(({ value, label, icon }) => (
          <ToggleButton key={value} value={value} sx={{ flex: 1, gap: 1, minHeight: 48, px: { xs: 1, sm: 2.5 } }}>
            {icon}
            {label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {view === 'gallery' && (
        <MediaGalleryPage renderCardActions={albumCardActions(user.id)} detailSlots={detailSlots} />
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
