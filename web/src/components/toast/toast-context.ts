import { createContext } from 'react';

export type ToastVariant = 'default' | 'destructive';

export type ToastInput = {
  title?: string;
  description?: string;
  /** 'destructive' uses the error colours and is announced at once (role alert). */
  variant?: ToastVariant;
  /** One button beside the text (Undo after a delete); pressing it closes the toast. */
  action?: { label: string; onClick: () => void };
};

export type Toast = ToastInput & { id: number; open: boolean };

export type ToastApi = {
  /** Shows a toast, replacing the one on screen. */
  toast: (input: ToastInput) => { id: number; dismiss: () => void };
  /** Dismisses one toast, or every toast when no id is given. */
  dismiss: (id?: number) => void;
};

export const ToastContext = createContext<ToastApi | null>(null);

/** docs/product.md "Toasts": one at a time, 5 s on screen, 50 px swipe, dismissed ones dropped after 1,000,000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
