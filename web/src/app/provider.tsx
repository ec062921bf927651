import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ToastProvider } from '../components/toast/toast-provider';
import { fetcher } from '../lib/api';
import { theme } from '../theme/theme';

/** docs/product.md "Fresh lists": no refetch on focus, reconnect or interval, never stale, never retried. */
export const swrOptions: SWRConfiguration = {
  fetcher,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  shouldRetryOnError: false,
  dedupingInterval: 2000,
};

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={swrOptions}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ToastProvider>{children}</ToastProvider>
      </ThemeProvider>
    </SWRConfig>
  );
}
