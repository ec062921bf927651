import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { menuItems } from './nav-items';

// The side menu is only for phones: its code (Drawer, Modal, focus trap) stays out of the first page.
const loadNavDrawer = () => import('./nav-drawer');
const NavDrawer = lazy(() => loadNavDrawer().then((m) => ({ default: m.NavDrawer })));

type HeaderProps = {
  onLogout: () => void;
  loggingOut?: boolean;
  /** A page is on its way (its code or data): a thin bar under the header. */
  loading?: boolean;
  userName?: string;
  /** What app/ puts beside Logout (the notifications bell). */
  actions?: ReactNode;
  /** An admin's menu also links the operator's page. */
  admin?: boolean;
};

export function Header({
  onLogout,
  loggingOut = false,
  loading = false,
  userName,
  actions,
  admin = false,
}: HeaderProps) {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => {
    // Fetch the menu's code early on phones, so the first tap opens it at once.
    if (compact) void loadNavDrawer();
  }, [compact]);

  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1, minHeight: { xs: 64, md: 72 } }}>
        {compact && (
          <IconButton
            edge="start"
            aria-label="Open navigation"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Link
          component={RouterLink}
          to={paths.home.getHref()}
          underline="none"
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            minHeight: 48,
            color: 'primary.dark',
            fontWeight: 700,
            fontSize: { xs: '1.25rem', md: '1.4rem' },
            mr: 2,
            // With large text the name takes two lines rather than pushing the page sideways.
            minWidth: 0,
            lineHeight: 1.2,
          }}
        >
          Family Archive
        </Link>
        {!compact && (
          <>
            <Box component="nav" aria-label="Main navigation" sx={{ display: 'flex', gap: 0.5, flex: 1 }}>
              {menuItems(admin).map(({ label, to, end }) => (
                <Button
                  key={to}
                  component={NavLink}
                  to={to}
                  end={end}
                  color="inherit"
                  sx={{
                    fontSize: '1.05rem',
                    color: 'text.primary',
                    '&.active': { color: 'primary.dark', bgcolor: 'action.selected' },
                  }}
                >
                  {label}
                </Button>
              ))}
            </Box>
            {actions}
            <Button
              onClick={onLogout}
              disabled={loggingOut}
              variant="outlined"
              startIcon={<LogoutIcon />}
              sx={{ fontSize: '1.05rem' }}
            >
              Logout
            </Button>
          </>
        )}
        {compact && <Box sx={{ ml: 'auto' }}>{actions}</Box>}
      </Toolbar>
      {loading && (
        <LinearProgress
          aria-label="Loading page"
          sx={{ position: 'absolute', bottom: 0, left: 0, right: 0, height: 3 }}
        />
      )}
      {compact && (
        <Suspense fallback={null}>
          <NavDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            onLogout={() => {
              setDrawerOpen(false);
              onLogout();
            }}
            loggingOut={loggingOut}
            userName={userName}
            admin={admin}
          />
        </Suspense>
      )}
    </AppBar>
  );
}
