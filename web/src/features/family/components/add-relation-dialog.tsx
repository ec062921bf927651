import { useCreateMember } from '../api/use-create-member';
import { useRelativeForm } from '../hooks/use-relative-form';
import { RelativeFormDialog } from './relative-form-dialog';

type AddRelationDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The signed-in person: the relation is theirs. */
  userId: number;
  /** People already related to them, not offered again. */
  relatedIds: ReadonlySet<number>;
};

/**
 * Add Relation on one's own tree: choose someone already in the archive, or create a new member (who then
 * inherits the obvious relations, docs/product.md "Inherited relations"), and say what they are to you.
 */
export function AddRelationDialog({ open, onClose, userId, relatedIds }: AddRelationDialogProps) {
  const form = useRelativeForm({
    kind: 'create',
    createAccount: useCreateMember(),
    onClose,
    added: (person, mode) =>
      mode !== 'new'
        ? {
            title: 'Family relation added successfully',
            description: `${person.displayName} is now in your family tree.`,
          }
        : {
            title: 'New family member added successfully',
            description: `${person.displayName} can now log in and is in your tree.`,
          },
  });
  const existing = form.mode === 'existing';

  return (
    <RelativeFormDialog
      open={open}
      form={form}
      ownerId={userId}
      relatedIds={relatedIds}
      title="Add Relation"
      intro="Choose someone already in the family archive, create a new family member, or add a relative without an account."
      modeLabels={{ existing: 'Existing Person', new: 'Create New', person: 'No Account' }}
      personLabel="Family member"
      relationHelp={
        existing
          ? `What is ${form.person?.displayName ?? 'this person'} to you?`
          : form.mode === 'new'
            ? 'What is the new family member to you?'
            : 'What is the new person to you?'
      }
      submitLabel={existing ? 'Add Relation' : 'Create and Add'}
      busyLabel={existing ? 'Adding...' : 'Creating...'}
    />
  );
}
