import { useParams } from 'react-router-dom';
import { NotFound } from '../../components/not-found';
import { GenerationsTreePage } from '../../features/family/components/generations-tree-page';
import { parseId } from '../../lib/parse-id';

/** /family/tree/{id}: the tree centred on anyone, several generations each way. */
export default function FamilyTreeRoute() {
  const rootId = parseId(useParams().id);
  if (rootId === null) return <NotFound />;
  return <GenerationsTreePage key={rootId} rootId={rootId} />;
}
