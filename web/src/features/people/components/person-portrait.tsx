import type { PersonDetail } from '@family/contract';
import { PictureChooser } from '../../../components/picture-chooser';
import { useUploadPortrait } from '../api/use-person';

/** A relative's portrait (or their initial); any member may choose one (docs/rights.md "People rights"). */
export function PersonPortrait({ person }: { person: PersonDetail }) {
  const upload = useUploadPortrait(person.id);
  return (
    <PictureChooser
      displayName={person.displayName}
      picture={person.profilePicture}
      alt={`Portrait of ${person.displayName}`}
      canChoose
      upload={upload}
      words={{
        button: 'Change portrait',
        saved: 'Portrait updated successfully',
        failed: 'Failed to update the portrait',
      }}
    />
  );
}
