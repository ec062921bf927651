import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, type Toast } from './toast-context';

type ToastItemProps = {
  toast: Toast;
  onDismiss: (id: number) => void;
};

/** Movement (px) before a press becomes a swipe and the pointer is captured. */
const DRAG_START_PX = 4;

export function ToastItem({ toast, onDismiss }: ToastItemProps) {
  const { id, title, description, variant = 'default', open, action } = toast;
  const destructive = variant === 'destructive';
  const dismiss = useCallback(() => onDismiss(id), [id, onDismiss]);

  // Auto-close after TOAST_DURATION_MS; the clock pauses while the toast is hovered or focused.
  const remaining = useRef(TOAST_DURATION_MS);
  const startedAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hovered = useRef(false);
  const focused = useRef(false);

  const stopClock = useCallback(() => {
    if (timer.current === undefined) return;
    clearTimeout(timer.current);
    timer.current = undefined;
    remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt.current));
  }, []);

  const startClock = useCallback(() => {
    if (timer.current !== undefined) return;
    startedAt.current = Date.now();
    timer.current = setTimeout(dismiss, remaining.current);
  }, [dismiss]);

  const syncClock = () => {
    if (hovered.current || focused.current) stopClock();
    else startClock();
  };

  useEffect(() => {
    if (!open) return;
    startClock();
    return () => {
      if (timer.current !== undefined) clearTimeout(timer.current);
      timer.current = undefined;
    };
  }, [open, startClock]);

  // Swipe right to dismiss.
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ pointerId: number; startX: number; captured: boolean } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX, captured: false };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = Math.max(0, event.clientX - current.startX);
    // Capture only once it is clearly a swipe, so a plain click still reaches the close button.
    if (!current.captured && dx > DRAG_START_PX) {
      current.captured = true;
      event.currentTarget.setPointerCapture?.(event.pointerId);
      setDragging(true);
    }
    setOffset(dx);
  };

  const endDrag = (event: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
    const dx = Math.max(0, event.clientX - current.startX);
    if (!cancelled && dx > TOAST_SWIPE_THRESHOLD_PX) dismiss();
    else setOffset(0);
  };

  if (!open) return null;

  return (
    <Paper
      elevation={6}
      role={destructive ? 'alert' : 'status'}
      aria-live={destructive ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-variant={variant}
      onPointerEnter={() => {
        hovered.current = true;
        syncClock();
      }}
      onPointerLeave={() => {
        hovered.current = false;
        syncClock();
      }}
      onFocus={() => {
        focused.current = true;
        syncClock();
      }}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        focused.current = false;
        syncClock();
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => endDrag(event, false)}
      onPointerCancel={(event) => endDrag(event, true)}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        p: 2,
        pr: 1,
        width: '100%',
        borderRadius: 2,
        border: 1,
        borderColor: destructive ? 'error.dark' : 'divider',
        bgcolor: destructive ? 'error.main' : 'background.paper',
        color: destructive ? 'error.contrastText' : 'text.primary',
        touchAction: 'pan-y',
        userSelect: 'none',
        transform: `translateX(${offset}px)`,
        opacity: offset ? Math.max(0.3, 1 - offset / 200) : 1,
        transition: dragging ? 'none' : 'transform 150ms ease-out, opacity 150ms ease-out',
        '@keyframes toast-in': {
          from: { opacity: 0, transform: 'translateY(12px)' },
          to: { opacity: 1, transform: 'translateY(0)' },
        },
        animation: 'toast-in 180ms ease-out',
        '@media (prefers-reduced-motion: reduce)': { animation: 'none', transition: 'none' },
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0, py: 0.5 }}>
        {title && (
          <Typography component="p" sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
            {title}
          </Typography>
        )}
        {description && (
          <Typography component="p" sx={{ fontSize: '1rem', mt: title ? 0.25 : 0 }}>
            {description}
          </Typography>
        )}
      </Box>
      {action && (
        <Button
          onClick={() => {
            dismiss();
            action.onClick();
          }}
          sx={{ color: 'inherit', fontWeight: 700, alignSelf: 'center', flexShrink: 0 }}
        >
          {action.label}
        </Button>
      )}
      <IconButton aria-label="Close notification" onClick={dismiss} sx={{ color: 'inherit' }}>
        <CloseIcon />
      </IconButton>
    </Paper>
  );
}
