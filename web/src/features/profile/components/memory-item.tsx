import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { Link as RouterLink } from 'react-router-dom';
import type { Memory } from '@family/contract';
import { paths } from '../../../config/paths';

type MemoryItemProps = {
  memory: Memory;
  /** Given for the writer: shows the delete button. */
  onDelete?: (memory: Memory) => void;
};

function writtenOn(createdAt: string): string {
  return new Date(createdAt).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
}

/** One memory: title, who wrote it (a link to their profile) and when, the text. */
export function MemoryItem({ memory, onDelete }: MemoryItemProps) {
  return (
    <Box component="article" sx={{ py: 2, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            {memory.title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Written by{' '}
            <Link
              component={RouterLink}
              to={paths.userProfile.getHref(memory.user.id)}
              sx={{ overflowWrap: 'anywhere' }}
            >
              {memory.user.displayName}
            </Link>{' '}
            on {writtenOn(memory.createdAt)}
          </Typography>
        </Box>
        {onDelete && (
          <IconButton aria-label={`Delete memory "${memory.title}"`} onClick={() => onDelete(memory)}>
            <DeleteOutlinedIcon />
          </IconButton>
        )}
      </Box>
      <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{memory.content}</Typography>
    </Box>
  );
}
