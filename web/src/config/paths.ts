/** Every route of the app in one place: `path` is the router pattern, `getHref` builds a link. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  albums: { path: '/albums', getHref: () => '/albums' },
  /** The albums page with one album's View dialog open (a notification's link). */
  album: { getHref: (id: number | string) => `/albums?album=${id}` },
  family: { path: '/family', getHref: () => '/family' },
  people: { path: '/people', getHref: () => '/people' },
  familyTree: {
    path: '/family/tree/:id',
    getHref: (id: number | string) => `/family/tree/${id}`,
  },
  profile: { path: '/profile', getHref: () => '/profile' },
  userProfile: {
    path: '/profile/:id',
    getHref: (id: number | string) => `/profile/${id}`,
  },
  userUploaded: {
    path: '/profile/:id/uploaded',
    getHref: (id: number | string) => `/profile/${id}/uploaded`,
  },
  userTagged: {
    path: '/profile/:id/tagged',
    getHref: (id: number | string) => `/profile/${id}/tagged`,
  },
  userMemories: {
    path: '/profile/:id/memories',
    getHref: (id: number | string) => `/profile/${id}/memories`,
  },
  trash: { path: '/trash', getHref: () => '/trash' },
  /** The operator's page, for admins (docs/product.md "The operator's page"). */
  admin: { path: '/admin', getHref: () => '/admin' },
  /** The Places view: a world map of where the items were taken (docs/product.md "Places"). */
  places: {
    path: '/places',
    getHref: (place?: string) => (place ? `/places?${new URLSearchParams({ place }).toString()}` : '/places'),
  },
  /** One media item: over the list it was opened from, or over the gallery (docs/product.md "Media addresses"). */
  media: {
    path: '/media/:id',
    getHref: (id: number | string) => `/media/${id}`,
  },
  /** Where a phone's "Share → Family Archive" lands (the manifest's share_target; the service worker answers the POST). */
  share: { path: '/share', getHref: () => '/share' },
  notFound: { path: '*' },
} as const;
