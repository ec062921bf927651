import { useState, type ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner';
import { RouteError } from '../components/route-error';
import { paths } from '../config/paths';
import { AppRoot } from './routes/app-root';

type RouteModule = { default: ComponentType };

// Each page is its own chunk, fetched when first visited, so the first page stays small.
const page = (load: () => Promise<RouteModule>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    element: <AppRoot />,
    errorElement: <RouteError />,
    children: [
      {
        // A pathless layer so the header stays while a page's code loads or a page fails.
        errorElement: <RouteError />,
        HydrateFallback: PageSpinner,
        children: [
          { index: true, lazy: page(() => import('./routes/home')) },
          { path: paths.albums.path, lazy: page(() => import('./routes/albums')) },
          { path: paths.family.path, lazy: page(() => import('./routes/family')) },
          { path: paths.people.path, lazy: page(() => import('./routes/people')) },
          { path: paths.familyTree.path, lazy: page(() => import('./routes/family-tree')) },
          { path: paths.profile.path, lazy: page(() => import('./routes/profile')) },
          { path: paths.userProfile.path, lazy: page(() => import('./routes/user-profile')) },
          {
            path: paths.userUploaded.path,
            lazy: page(() => import('./routes/user-media').then((m) => ({ default: m.UserUploadedRoute }))),
          },
          {
            path: paths.userTagged.path,
            lazy: page(() => import('./routes/user-media').then((m) => ({ default: m.UserTaggedRoute }))),
          },
          { path: paths.userMemories.path, lazy: page(() => import('./routes/user-memories')) },
          { path: paths.trash.path, lazy: page(() => import('./routes/trash')) },
          { path: paths.admin.path, lazy: page(() => import('./routes/admin')) },
          { path: paths.places.path, lazy: page(() => import('./routes/places')) },
          { path: paths.media.path, lazy: page(() => import('./routes/media')) },
          { path: paths.share.path, lazy: page(() => import('./routes/share')) },
          { path: paths.notFound.path, lazy: page(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
