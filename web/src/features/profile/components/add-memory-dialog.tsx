import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { MEMORY_CONTENT_MAX, MEMORY_TITLE_MAX } from '@family/contract';
import { FormDialog } from '../../../components/form/form-dialog';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { useAddMemory } from '../api/use-add-memory';

type AddMemoryDialogProps = {
  open: boolean;
  onClose: () => void;
  /** A person without an account the memory is about; left out, one's own profile. */
  personId?: number;
};

type Problems = { title?: string; content?: string };

function check(title: string, content: string): Problems {
  const problems: Problems = {};
  if (!title.trim()) problems.title = 'Please enter a title for your memory';
  else if ([...title.trim()].length > MEMORY_TITLE_MAX)
    problems.title = 'The title is too long: keep it under 200 characters';
  if (!content.trim()) problems.content = 'Please enter your memory';
  else if ([...content.trim()].length > MEMORY_CONTENT_MAX) {
    problems.content = 'Your memory is too long: keep it under 20,000 characters';
  }
  return problems;
}

/** Title and text of a new memory; both are required. */
export function AddMemoryDialog({ open, onClose, personId }: AddMemoryDialogProps) {
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const add = useAddMemory();

  const form = useFormSubmit({
    send: () => {
      const found = check(title, content);
      setProblems(found);
      return found.title || found.content ? null : add.trigger({ title, content, personId });
    },
    success: () => ({ title: 'Memory added successfully' }),
    reset: () => {
      setTitle('');
      setContent('');
      setProblems({});
    },
    onClose,
  });

  return (
    <FormDialog open={open} form={form} title="Add a memory" submitLabel="Add memory" busyLabel="Adding...">
      <TextField
        label="Title"
        value={title}
        onChange={(event) => {
          setTitle(event.target.value);
          if (problems.title) setProblems((p) => ({ ...p, title: undefined }));
        }}
        autoFocus
        disabled={form.busy}
        error={!!problems.title}
        helperText={problems.title}
      />
      <TextField
        label="Memory"
        multiline
        minRows={5}
        value={content}
        onChange={(event) => {
          setContent(event.target.value);
          if (problems.content) setProblems((p) => ({ ...p, content: undefined }));
        }}
        disabled={form.busy}
        error={!!problems.content}
        helperText={problems.content}
      />
    </FormDialog>
  );
}
