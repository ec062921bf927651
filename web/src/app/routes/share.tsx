import { useLocation } from 'react-router-dom';
import { SharePage } from '../../features/media/components/share-page';

/** /share: the files a phone's gallery shared with the installed app. */
export default function ShareRoute() {
  return <SharePage arrivalKey={useLocation().key} />;
}
