import { GedcomActions } from '../../features/gedcom/components/gedcom-actions';
import { PeoplePage } from '../../features/people/components/people-page';

/** /people: everyone in the family, with or without an account; GEDCOM in and out below the list. */
export default function PeopleRoute() {
  return <PeoplePage footer={<GedcomActions />} />;
}
