import { useMemo } from 'react';
import { useFamilyTree } from '../api/use-family-tree';
import { useRegisterMember } from '../api/use-register-member';
import { useRelativeForm } from '../hooks/use-relative-form';
import { relatedIdsOf } from '../utils/relations';
import { RelativeFormDialog } from './relative-form-dialog';

export type AddFamilyMemberDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The person whose profile this is: the relation is theirs (sent as fromUserId). */
  fromUserId: number;
  /** Their display name, for the sentences in the dialog. */
  fromUserName: string;
};

/**
 * Add Relation on another person's profile: relate someone already in the archive, or a new user, to that
 * person. The new user's account is made with POST /api/register?autoLogin=false, so the caller stays
 * signed in as themselves.
 */
export function AddFamilyMemberDialog({ open, onClose, fromUserId, fromUserName }: AddFamilyMemberDialogProps) {
  const { relations } = useFamilyTree(open ? fromUserId : null);
  const relatedIds = useMemo(() => relatedIdsOf(relations ?? [], fromUserId), [relations, fromUserId]);
  const form = useRelativeForm({
    kind: 'invite',
    createAccount: useRegisterMember(),
    fromUserId,
    onClose,
    added: (person) => ({
      title: 'Family member added successfully',
      description: `${person.displayName} is now in ${fromUserName}'s family tree.`,
    }),
  });
  const who =
    form.mode === 'existing'
      ? (form.person?.displayName ?? 'this person')
      : form.mode === 'new'
        ? 'the new user'
        : 'the new person';

  return (
    <RelativeFormDialog
      open={open}
      form={form}
      ownerId={fromUserId}
      relatedIds={relatedIds}
      title="Add Family Member"
      intro={`Add a relative of ${fromUserName}.`}
      modeLabels={{ existing: 'Existing User', new: 'New User', person: 'No Account' }}
      personLabel="User"
      relationHelp={`What is ${who} to ${fromUserName}?`}
      submitLabel="Add Family Member"
      busyLabel="Adding..."
    />
  );
}
