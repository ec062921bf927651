import { PeoplePage } from '../../features/people/components/people-page';

/** /people: everyone in the family, with or without an account. */
export default function PeopleRoute() {
  return <PeoplePage />;
}
