import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { MEMORY_CONTENT_MAX, MEMORY_TITLE_MAX } from '@family/contract';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
import { useAddMemory } from '../api/use-add-memory';

type AddMemoryDialogProps = {
  open: boolean;
  onClose: () => void;
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
export function AddMemoryDialog({ open, onClose }: AddMemoryDialogProps) {
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const add = useAddMemory();
  const { toast } = useToast();
  const titleId = useId();

  const close = () => {
    if (add.isMutating) return;
    setTitle('');
    setContent('');
    setProblems({});
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check(title, content);
    setProblems(found);
    if (found.title || found.content) return;
    try {
      await add.trigger({ title, content });
      toast({ title: 'Memory added successfully' });
      setTitle('');
      setContent('');
      onClose();
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) });
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>Add a memory</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          <TextField
            label="Title"
            value={title}
            onChange={(event) => {
              setTitle(event.target.value);
              if (problems.title) setProblems((p) => ({ ...p, title: undefined }));
            }}
            autoFocus
            disabled={add.isMutating}
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
            disabled={add.isMutating}
            error={!!problems.content}
            helperText={problems.content}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={close} disabled={add.isMutating}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={add.isMutating}>
            {add.isMutating ? 'Adding...' : 'Add memory'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
