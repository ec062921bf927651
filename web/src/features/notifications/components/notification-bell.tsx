import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useRef, useState } from 'react';
import { NOTIFICATIONS_UNREAD_CAP } from '@family/contract';
import { useNotifications } from '../api/use-notifications';

// The list (a popover, its focus trap) loads with the first click, keeping it out of the first page.
const loadList = () => import('./notification-list');
const NotificationList = lazy(() => loadList().then((m) => ({ default: m.NotificationList })));

/** The header's bell: the unread count on it, the list under it (docs/product.md "Notifications"). */
export function NotificationBell({ currentUserId }: { currentUserId: number }) {
  const notifications = useNotifications();
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  const { unread } = notifications;
  const count = unread >= NOTIFICATIONS_UNREAD_CAP ? '99+' : String(unread);

  return (
    <>
      <IconButton
        ref={anchor}
        aria-label={unread > 0 ? `Notifications, ${count} unread` : 'Notifications'}
        aria-haspopup="dialog"
        aria-expanded={open}
        onMouseEnter={() => void loadList()}
        onClick={() => {
          setOpen(true);
          void notifications.refresh();
        }}
      >
        <Badge badgeContent={unread > 0 ? count : null} color="error" overlap="circular">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      {open && (
        <Suspense fallback={null}>
          <NotificationList
            anchor={anchor.current}
            onClose={() => setOpen(false)}
            currentUserId={currentUserId}
            notifications={notifications}
          />
        </Suspense>
      )}
    </>
  );
}
