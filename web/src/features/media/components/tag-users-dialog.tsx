import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import type { MediaItem } from '@family/contract';
import { errorToast, useFormSubmit } from '../../../components/form/use-form-submit';
import { PersonPicker } from '../../../components/person-picker';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/api';
import { useMayEditItem, usePeopleToTag } from '../../../lib/items-in-albums';
import type { PickablePerson } from '../../../lib/queries/people';
import { useMediaTags } from '../api/use-media-tags';
import { useTagMutations } from '../api/use-tag-mutations';
import { personName } from '../utils/format';

type TagUsersDialogProps = {
  open: boolean;
  item: Pick<MediaItem, 'id' | 'user' | 'albumId'>;
  onClose: () => void;
};

/**
 * Tag relatives in an item, remove tags, or confirm a tag that waits for an editor (docs/product.md "Tag Users
 * dialog"; docs/rights.md "Attaching a person to an item").
 */
export function TagUsersDialog({ open, item, onClose }: TagUsersDialogProps) {
  const mediaId = item.id;
  const canEdit = useMayEditItem(item);
  const onlyThese = usePeopleToTag(item);
  const titleId = useId();
  const { toast } = useToast();
  const { tags, error: tagsError, isLoading } = useMediaTags(open ? mediaId : null);
  const mutations = useTagMutations(mediaId);
  const [selected, setSelected] = useState<PickablePerson | null>(null);
  const tagged = useMemo(() => tags.map((t) => t.userId), [tags]);

  // docs/product.md "Tag Users dialog": tagging clears the selection and closes the panel.
  const tagging = useFormSubmit({
    send: () => (selected ? mutations.tag(selected.id) : null),
    success: () => ({ title: 'User tagged successfully' }),
    reset: () => setSelected(null),
    onClose,
  });
  const busy = mutations.busy || tagging.busy;

  const confirm = async (userId: number) => {
    try {
      await mutations.tag(userId);
      toast({ title: 'Tag confirmed' });
    } catch (error) {
      toast(errorToast(error));
    }
  };

  const remove = async (userId: number) => {
    try {
      await mutations.untag(userId);
      toast({ title: 'Tag removed successfully' });
    } catch (error) {
      toast(errorToast(error));
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : tagging.close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Tag Users</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2, color: 'text.primary' }}>Select users to tag in this media</DialogContentText>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <Box sx={{ flex: '1 1 16rem' }}>
            <PersonPicker
              label="Person to tag"
              value={selected}
              onChange={setSelected}
              among={onlyThese ?? undefined}
              exclude={tagged}
              disabled={busy}
              helperText={
                onlyThese
                  ? "This item is in a private album: you can tag those who see it. Ask one of the album's editors to tag anyone else."
                  : undefined
              }
            />
          </Box>
          <Button
            variant="contained"
            onClick={() => void tagging.submit()}
            disabled={!selected || busy}
            sx={{ minHeight: 56 }}
          >
            Tag User
          </Button>
        </Box>

        <Typography component="h3" variant="h6" sx={{ mt: 3, mb: 1 }}>
          Tagged Users
        </Typography>
        {isLoading ? (
          <CircularProgress aria-label="Loading tagged users" size={28} />
        ) : tagsError ? (
          <Alert severity="error" variant="outlined">
            {errorMessage(tagsError, 'Could not load who is tagged.')}
          </Alert>
        ) : tags.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>Nobody is tagged yet.</Typography>
        ) : (
          <List aria-label="Tagged Users" disablePadding>
            {tags.map((t) => (
              // Text and buttons wrap instead of squeezing each other on a phone or at large text.
              <ListItem key={t.userId} divider sx={{ flexWrap: 'wrap', columnGap: 1, px: 0 }}>
                <ListItemText
                  sx={{ flex: '1 1 12rem' }}
                  primary={personName(t.user)}
                  secondary={
                    <>
                      {t.user.username && <span>@{t.user.username}</span>}
                      {t.awaitingConfirmation && (
                        <span style={{ display: 'block' }}>
                          Waiting for someone who may edit this item to confirm: until then {personName(t.user)} does
                          not see it.
                        </span>
                      )}
                    </>
                  }
                />
                <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>
                  {t.awaitingConfirmation && canEdit && (
                    <Button
                      variant="outlined"
                      onClick={() => confirm(t.userId)}
                      disabled={busy}
                      aria-label={`Confirm ${personName(t.user)}`}
                    >
                      Confirm
                    </Button>
                  )}
                  <Button
                    color="error"
                    onClick={() => remove(t.userId)}
                    disabled={busy}
                    aria-label={`Remove ${personName(t.user)}`}
                  >
                    Remove
                  </Button>
                </Box>
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="outlined" onClick={tagging.close} disabled={busy}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
