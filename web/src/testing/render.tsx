import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { AppProvider } from '../app/provider';

type Options = Omit<RenderOptions, 'wrapper'> & {
  /** The path the MemoryRouter starts at; pass null when the element brings its own router. */
  route?: string | null;
  /** For jest fake timers: user-event must advance them itself. */
  advanceTimers?: (ms: number) => void;
};

/** Renders with the real providers (theme, toasts, SWR settings) and a fresh SWR cache per test. */
export function renderWithProviders(ui: ReactElement, { route = '/', advanceTimers, ...options }: Options = {}) {
  const user = userEvent.setup(advanceTimers ? { advanceTimers } : {});
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <AppProvider>
      <SWRConfig value={{ provider: () => new Map() }}>
        {route === null ? children : <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>}
      </SWRConfig>
    </AppProvider>
  );
  return { user, ...render(ui, { wrapper: Wrapper, ...options }) };
}
