import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { ChangeEvent } from 'react';
import { errorMessage } from '../lib/api';
import { pictureProblem } from '../lib/picture';
import { useToast } from './toast/use-toast';

type PictureChooserProps = {
  displayName: string;
  picture: string | null;
  /** What the picture is, for screen readers ("Profile picture of Anna"). */
  alt: string;
  canChoose: boolean;
  upload: { trigger: (file: File) => Promise<unknown>; isMutating: boolean };
  /** The button's words, and the toasts' after a choice. */
  words: { button: string; saved: string; failed: string };
};

/** A person's picture (or their initial) with a button to choose another: a member's own, or a relative's portrait. */
export function PictureChooser({ displayName, picture, alt, canChoose, upload, words }: PictureChooserProps) {
  const { toast } = useToast();

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again still counts as a change.
    event.target.value = '';
    if (!file) return;
    const problem = pictureProblem(file);
    if (problem) {
      toast({ variant: 'destructive', title: 'Error', description: problem });
      return;
    }
    try {
      await upload.trigger(file);
      toast({ title: words.saved });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, words.failed) });
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
      <Avatar
        src={picture ?? undefined}
        alt={picture ? alt : undefined}
        sx={{ width: 128, height: 128, fontSize: '3rem', bgcolor: 'primary.main' }}
      >
        {displayName.charAt(0).toUpperCase()}
      </Avatar>
      {canChoose && (
        <Button
          component="label"
          variant="outlined"
          disabled={upload.isMutating}
          startIcon={upload.isMutating ? <CircularProgress size={18} /> : <PhotoCameraIcon />}
        >
          {upload.isMutating ? 'Uploading...' : words.button}
          <input type="file" accept="image/*" hidden onChange={onChoose} disabled={upload.isMutating} />
        </Button>
      )}
    </Box>
  );
}
