import DeleteIcon from '@mui/icons-material/Delete';
import GroupIcon from '@mui/icons-material/Group';
import LockIcon from '@mui/icons-material/Lock';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import PublicIcon from '@mui/icons-material/Public';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Album } from '@family/contract';
import { AlbumPreview } from './album-preview';

type AlbumCardProps = {
  album: Album;
  /** The heading level of the album's name: one below the page's heading. */
  headingLevel: 'h2' | 'h3';
  /** Creator or canEdit member: Add Member is offered. */
  canAddMembers: boolean;
  /** Only the creator deletes an album. */
  canDelete: boolean;
  onAddMember: () => void;
  onView: () => void;
  onDelete: () => void;
};

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One album: name, description, creator, counts, a preview, and what one may do with it. */
export function AlbumCard({
  album,
  headingLevel,
  canAddMembers,
  canDelete,
  onAddMember,
  onView,
  onDelete,
}: AlbumCardProps) {
  return (
    <Card component="article" variant="outlined" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="h6" component={headingLevel} sx={{ overflowWrap: 'anywhere' }}>
            {album.name}
          </Typography>
          <Chip
            size="small"
            icon={album.isShared ? <PublicIcon /> : <LockIcon />}
            label={album.isShared ? 'Shared' : 'Private'}
            variant="outlined"
            title={album.isShared ? 'Shared with the whole family' : 'Only the creator and members see it'}
          />
        </Box>
        {album.description && (
          <Typography variant="body1" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {album.description}
          </Typography>
        )}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Created by {album.creator.displayName}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', color: 'text.secondary' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <PhotoLibraryIcon fontSize="small" />
            <Typography variant="body2">{count(album.itemCount, 'item', 'items')}</Typography>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <GroupIcon fontSize="small" />
            <Typography variant="body2">{count(album.memberCount, 'member', 'members')}</Typography>
          </Box>
        </Box>
        <AlbumPreview items={album.mediaItems} />
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        {canAddMembers && (
          <Button
            variant="outlined"
            startIcon={<PersonAddIcon />}
            onClick={onAddMember}
            aria-label={`Add Member to ${album.name}`}
          >
            Add Member
          </Button>
        )}
        <Button variant="contained" startIcon={<VisibilityIcon />} onClick={onView} aria-label={`View ${album.name}`}>
          View
        </Button>
        {canDelete && (
          <Tooltip title="Delete album">
            <IconButton
              onClick={onDelete}
              aria-label={`Delete ${album.name}`}
              sx={{ ml: 'auto !important', color: 'error.main' }}
            >
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        )}
      </CardActions>
    </Card>
  );
}
