import { AlbumsView, type AlbumsViewProps } from './albums-view';

/** /albums: the albums the signed-in person may see, with the page's one h1. */
export function AlbumsPage(props: Omit<AlbumsViewProps, 'headingLevel'>) {
  return <AlbumsView {...props} headingLevel="h1" />;
}
