import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import type { Album, AlbumMember, PersonName } from '@family/contract';

type AlbumMembersListProps = {
  album: Album;
  currentUserId: number;
  /** Asks before removing (the creator removing a member, or a member leaving). */
  onRemove: (member: AlbumMember) => void;
  busy?: boolean;
};

const initial = (person: PersonName) => (person.displayName.trim()[0] ?? '?').toUpperCase();
const secondary = (person: PersonName) =>
  person.username && person.username !== person.displayName ? `@${person.username}` : undefined;

/** The creator first, then the members in the order they joined, each marked 'Can Edit' when they may. */
export function AlbumMembersList({ album, currentUserId, onRemove, busy = false }: AlbumMembersListProps) {
  const isCreator = album.createdBy === currentUserId;
  return (
    <List aria-label="Members" disablePadding>
      <ListItem disableGutters>
        <ListItemAvatar>
          <Avatar>{initial(album.creator)}</Avatar>
        </ListItemAvatar>
        <ListItemText primary={album.creator.displayName} secondary={secondary(album.creator)} />
        <Chip label="Creator" size="small" color="primary" />
      </ListItem>
      {album.members.map((member) => {
        const leaving = member.userId === currentUserId;
        const label = `Remove ${member.user.displayName} from the album`;
        return (
          <ListItem
            key={member.userId}
            disableGutters
            secondaryAction={
              isCreator ? (
                <Tooltip title={label}>
                  <IconButton edge="end" aria-label={label} onClick={() => onRemove(member)} disabled={busy}>
                    <PersonRemoveIcon />
                  </IconButton>
                </Tooltip>
              ) : leaving ? (
                <Button variant="outlined" color="error" onClick={() => onRemove(member)} disabled={busy}>
                  Leave album
                </Button>
              ) : undefined
            }
            sx={{ pr: isCreator ? 7 : leaving ? 18 : 0 }}
          >
            <ListItemAvatar>
              <Avatar>{initial(member.user)}</Avatar>
            </ListItemAvatar>
            <ListItemText primary={member.user.displayName} secondary={secondary(member.user)} />
            {member.canEdit && <Chip label="Can Edit" size="small" variant="outlined" color="primary" />}
          </ListItem>
        );
      })}
    </List>
  );
}
