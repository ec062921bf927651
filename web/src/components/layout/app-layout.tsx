import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { Header } from './header';

type AppLayoutProps = {
  children: ReactNode;
  onLogout: () => void;
  loggingOut?: boolean;
  loading?: boolean;
  userName?: string;
  headerActions?: ReactNode;
  admin?: boolean;
};

/** Every signed-in page: a skip link, the header with navigation, then the page. */
export function AppLayout({ children, onLogout, loggingOut, loading, userName, headerActions, admin }: AppLayoutProps) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="a"
        href="#main-content"
        sx={{
          position: 'absolute',
          left: 8,
          top: 8,
          // Above the page until focused, however tall large text makes it.
          transform: 'translateY(calc(-100% - 16px))',
          zIndex: 'tooltip',
          p: 1.5,
          bgcolor: 'background.paper',
          color: 'primary.dark',
          borderRadius: 1,
          boxShadow: 3,
          '&:focus': { transform: 'none' },
        }}
      >
        Skip to content
      </Box>
      <Header
        onLogout={onLogout}
        loggingOut={loggingOut}
        loading={loading}
        userName={userName}
        actions={headerActions}
        admin={admin}
      />
      <Container
        component="main"
        id="main-content"
        tabIndex={-1}
        maxWidth="lg"
        sx={{ flex: 1, py: { xs: 3, md: 4 }, outline: 'none' }}
      >
        {children}
      </Container>
    </Box>
  );
}
