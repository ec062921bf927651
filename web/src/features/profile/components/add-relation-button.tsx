import Button from '@mui/material/Button';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import { useState, type ReactNode } from 'react';

type AddRelationButtonProps = {
  /** The family feature's dialog, composed in by the route. */
  renderDialog: (props: { open: boolean; onClose: () => void }) => ReactNode;
};

/** On another person's profile: opens the dialog that adds a relation to them. */
export function AddRelationButton({ renderDialog }: AddRelationButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" startIcon={<PersonAddAlt1Icon />} onClick={() => setOpen(true)}>
        Add Relation
      </Button>
      {renderDialog({ open, onClose: () => setOpen(false) })}
    </>
  );
}
