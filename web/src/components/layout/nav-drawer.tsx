import CloseIcon from '@mui/icons-material/Close';
import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { NavLink } from 'react-router-dom';
import { menuItems } from './nav-items';

type NavDrawerProps = {
  open: boolean;
  onClose: () => void;
  onLogout: () => void;
  loggingOut?: boolean;
  userName?: string;
  admin?: boolean;
};

/** The side menu that holds the navigation on phones. */
export function NavDrawer({ open, onClose, onLogout, loggingOut = false, userName, admin = false }: NavDrawerProps) {
  return (
    <Drawer
      anchor="left"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { 'aria-label': 'Navigation', sx: { width: 300, maxWidth: '85vw' } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', pl: 2.5, pr: 1, py: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="p">
            Family Archive
          </Typography>
          {userName && (
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              Signed in as {userName}
            </Typography>
          )}
        </Box>
        <IconButton aria-label="Close navigation" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <Box component="nav" aria-label="Main navigation">
        <List>
          {menuItems(admin).map(({ label, to, icon: Icon, end }) => (
            <ListItem key={to} disablePadding>
              <ListItemButton
                component={NavLink}
                to={to}
                end={end}
                onClick={onClose}
                sx={{
                  px: 2.5,
                  '&.active': { bgcolor: 'action.selected', fontWeight: 700 },
                }}
              >
                <ListItemIcon>
                  <Icon />
                </ListItemIcon>
                <ListItemText primary={label} slotProps={{ primary: { sx: { fontSize: '1.1rem' } } }} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        <Divider />
        <List>
          <ListItem disablePadding>
            <ListItemButton onClick={onLogout} disabled={loggingOut} sx={{ px: 2.5 }}>
              <ListItemIcon>
                <LogoutIcon />
              </ListItemIcon>
              <ListItemText primary="Logout" slotProps={{ primary: { sx: { fontSize: '1.1rem' } } }} />
            </ListItemButton>
          </ListItem>
        </List>
      </Box>
    </Drawer>
  );
}
