import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { STORY_MAX, type UserProfile } from '@family/contract';
import { errorToast, useFormSubmit } from '../../../components/form/use-form-submit';
import { useUpdateStory } from '../api/use-update-story';
import { ProfileSectionCard } from '../../../components/profile-section-card';

type StoryCardProps = {
  user: UserProfile;
  own: boolean;
};

const TOO_LONG = 'Your story is too long: keep it under 20,000 characters';

/** The person's story in their own words; the owner edits it in place. */
export function StoryCard({ user, own }: StoryCardProps) {
  const saved = user.story ?? '';
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(saved);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateStory();

  const startEditing = () => {
    setDraft(saved);
    setProblem(null);
    setEditing(true);
  };

  const form = useFormSubmit({
    send: () => {
      if ([...draft.trim()].length <= STORY_MAX) return update.trigger(draft);
      setProblem(TOO_LONG);
      return null;
    },
    success: () => ({ title: 'Your story has been updated' }),
    failure: (error) => errorToast(error, 'Failed to update story'),
    // Cancel puts the saved story back; the next edit starts from the saved story anyway.
    reset: () => {
      setDraft(saved);
      setProblem(null);
    },
    onClose: () => setEditing(false),
  });

  const action =
    own && !editing ? (
      <Button variant="outlined" onClick={startEditing}>
        {saved ? 'Edit story' : 'Write your story'}
      </Button>
    ) : undefined;

  return (
    <ProfileSectionCard title="Story" action={action}>
      {editing ? (
        <Box
          component="form"
          noValidate
          onSubmit={form.onSubmit}
          sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
        >
          <TextField
            label="Your story"
            multiline
            minRows={6}
            maxRows={20}
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              if (problem) setProblem(null);
            }}
            autoFocus
            disabled={form.busy}
            error={problem !== null}
            helperText={problem ?? `${[...draft].length.toLocaleString()} of 20,000 characters`}
          />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" disabled={form.busy}>
              {form.busy ? 'Saving...' : 'Save'}
            </Button>
            <Button variant="outlined" onClick={form.close} disabled={form.busy}>
              Cancel
            </Button>
          </Box>
        </Box>
      ) : saved ? (
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{saved}</Typography>
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>
          {own
            ? 'Tell your family about your life: where you grew up, what you love, what you remember.'
            : 'No story yet.'}
        </Typography>
      )}
    </ProfileSectionCard>
  );
}
