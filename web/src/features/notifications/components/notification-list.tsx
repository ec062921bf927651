import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LoadError } from '../../../components/load-error';
import { errorMessage } from '../../../lib/api';
import { useOlderNotifications, type useNotifications } from '../api/use-notifications';
import { notificationLink, notificationSentence, notificationTime } from '../utils/notification-text';

type NotificationListProps = {
  anchor: HTMLElement | null;
  onClose: () => void;
  currentUserId: number;
  notifications: ReturnType<typeof useNotifications>;
};

/** The newest notifications under the bell, older ones by 'Show more'; opening one marks it read. */
export function NotificationList({ anchor, onClose, currentUserId, notifications }: NotificationListProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { entries: newest, nextCursor, unread, error, isLoading, refresh, markRead, markAllRead } = notifications;
  const older = useOlderNotifications(nextCursor);
  // The newest page is read again every minute: what it says of an entry wins over what was read before.
  const entries = useMemo(() => {
    const shown = new Set(newest.map((entry) => entry.id));
    return [...newest, ...older.older.filter((entry) => !shown.has(entry.id))].sort((a, b) => b.id - a.id);
  }, [newest, older.older]);

  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': headingId,
          sx: { width: 'min(28rem, calc(100vw - 16px))', maxHeight: '75vh', overflowY: 'auto' },
        },
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, px: 2, pt: 1.5, pb: 1 }}>
        <Typography id={headingId} ref={heading} tabIndex={-1} component="h2" variant="h6" sx={{ flex: 1 }}>
          Notifications
        </Typography>
        {unread > 0 && (
          <Button
            onClick={() => {
              // The button goes once all are read: focus stays in the list, so Escape and Tab still work.
              heading.current?.focus();
              older.markedRead();
              void markAllRead();
            }}
          >
            Mark all as read
          </Button>
        )}
      </Box>
      {error ? (
        <Box sx={{ px: 2, pb: 2 }}>
          <LoadError message="Could not load your notifications." onRetry={refresh} />
        </Box>
      ) : isLoading ? (
        <Typography sx={{ px: 2, pb: 2 }}>Loading…</Typography>
      ) : entries.length === 0 ? (
        <Typography sx={{ px: 2, pb: 2 }} color="text.secondary">
          Nothing yet. You will find here when someone tags you, adds you to an album or writes a memory about you.
        </Typography>
      ) : (
        <List sx={{ pt: 0 }}>
          {entries.map((entry) => (
            <ListItem key={entry.id} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={notificationLink(entry, currentUserId)}
                onClick={() => {
                  if (!entry.read) {
                    older.markedRead(entry.id);
                    void markRead(entry.id);
                  }
                  onClose();
                }}
                sx={{ alignItems: 'flex-start', gap: 1.5, bgcolor: entry.read ? undefined : 'action.hover' }}
              >
                <Box
                  aria-hidden
                  sx={{
                    mt: '0.55em',
                    width: '10px',
                    height: '10px',
                    flexShrink: 0,
                    borderRadius: '50%',
                    bgcolor: entry.read ? 'transparent' : 'primary.main',
                  }}
                />
                <ListItemText
                  primary={notificationSentence(entry)}
                  secondary={`${notificationTime(entry.createdAt)}${entry.read ? '' : ' · New'}`}
                  slotProps={{
                    primary: { sx: { fontWeight: entry.read ? 400 : 700, overflowWrap: 'anywhere' } },
                    secondary: { color: 'text.secondary' },
                  }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      {entries.length > 0 && (older.hasMore || older.error !== null) && (
        <Box sx={{ px: 2, pb: 2 }}>
          {older.error !== null && (
            <Typography role="alert" color="error" sx={{ mb: 1 }}>
              {errorMessage(older.error, 'Could not load older notifications.')}
            </Typography>
          )}
          {older.hasMore && (
            <Button variant="outlined" onClick={() => void older.showMore(newest)} disabled={older.loading}>
              {older.loading ? 'Loading…' : 'Show more'}
            </Button>
          )}
        </Box>
      )}
    </Popover>
  );
}
