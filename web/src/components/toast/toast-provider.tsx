import Box from '@mui/material/Box';
import Portal from '@mui/material/Portal';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  ToastContext,
  type Toast,
  type ToastApi,
  type ToastInput,
} from './toast-context';
import { ToastItem } from './toast-item';

/** Holds the toast on screen and renders the notifications region (F8 moves focus there). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const removalTimers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const regionRef = useRef<HTMLElement>(null);

  const scheduleRemoval = useCallback((id: number) => {
    if (removalTimers.current.has(id)) return;
    const timer = setTimeout(() => {
      removalTimers.current.delete(id);
      setToasts((current) => current.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS);
    removalTimers.current.set(id, timer);
  }, []);

  const dismiss = useCallback(
    (id?: number) => {
      setToasts((current) =>
        current.map((t) => {
          if (id !== undefined && t.id !== id) return t;
          scheduleRemoval(t.id);
          return t.open ? { ...t, open: false } : t;
        }),
      );
    },
    [scheduleRemoval],
  );

  const toast = useCallback(
    (input: ToastInput) => {
      const id = nextId.current++;
      // The newest comes first; anything past the limit (the previous toast) is dropped.
      setToasts((current) => [{ ...input, id, open: true }, ...current].slice(0, TOAST_LIMIT));
      return { id, dismiss: () => dismiss(id) };
    },
    [dismiss],
  );

  useEffect(() => {
    const timers = removalTimers.current;
    return () => {
      timers.forEach((timer) => clearTimeout(timer));
      timers.clear();
    };
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'F8' || event.code === 'F8') {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // An open dialog marks everything else aria-hidden; the notifications must still be read aloud
  // (an error toast usually answers something done in a dialog), so the region takes that mark off itself.
  const [region, setRegion] = useState<HTMLElement | null>(null);
  const attachRegion = useCallback((element: HTMLElement | null) => {
    regionRef.current = element;
    setRegion(element);
  }, []);
  useEffect(() => {
    if (!region || typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver(() => {
      if (region.hasAttribute('aria-hidden')) region.removeAttribute('aria-hidden');
    });
    observer.observe(region, { attributes: true, attributeFilter: ['aria-hidden'] });
    return () => observer.disconnect();
  }, [region]);

  const api = useMemo<ToastApi>(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Portal>
        <Box
          component="section"
          ref={attachRegion}
          role="region"
          aria-label="Notifications (F8)"
          tabIndex={-1}
          sx={{
            position: 'fixed',
            zIndex: 'snackbar',
            bottom: { xs: 12, md: 24 },
            left: { xs: 12, md: 'auto' },
            right: { xs: 12, md: 24 },
            width: { md: 420 },
            display: 'flex',
            flexDirection: 'column',
            gap: 1,
            outline: 'none',
            '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 4 },
          }}
        >
          {toasts.map((t) => (
            <ToastItem key={t.id} toast={t} onDismiss={dismiss} />
          ))}
        </Box>
      </Portal>
    </ToastContext.Provider>
  );
}
