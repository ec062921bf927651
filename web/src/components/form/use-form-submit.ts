import { useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api';
import type { ToastInput } from '../toast/toast-context';
import { useToast } from '../toast/use-toast';

export type FormSubmitOptions<T> = {
  /**
   * Checks what was filled in and sends it. Returns null, having shown the problems, when something is missing or
   * wrong: then nothing is sent. The promise rejects when sending did not work.
   */
  send: () => Promise<T> | null;
  /** The toast once it worked, or null when what follows shows it already. */
  success: (result: T) => ToastInput | null;
  /** Once it worked, before closing: the lists that show the change fetch again. */
  refresh?: (result: T) => unknown;
  /** Empties the fields: after a success and when the form is closed. */
  reset?: () => void;
  /** Closes the dialog, or leaves the editor: after a success and on Cancel. */
  onClose?: () => void;
  /** The toast when sending failed, or null for none. By default errorToast(error). */
  failure?: (error: unknown) => ToastInput | null;
};

/** 'Error' with the server's sentence, or `fallback` when it gives none. */
export const errorToast = (error: unknown, fallback?: string): ToastInput => ({
  variant: 'destructive',
  title: 'Error',
  description: errorMessage(error, fallback),
});

/**
 * The submit of a form: check and send (busy meanwhile, a second submit ignored), then the success toast, refresh,
 * reset and close; or the error toast, with the form left as it was for another try. Closing is refused while
 * busy.
 */
export function useFormSubmit<T>({
  send,
  success,
  refresh,
  reset,
  onClose,
  failure = errorToast,
}: FormSubmitOptions<T>) {
  const [busy, setBusy] = useState(false);
  // The state is one render late for a double click; the ref is not.
  const sending = useRef(false);
  const { toast } = useToast();

  const close = () => {
    if (sending.current) return;
    reset?.();
    onClose?.();
  };

  const submit = async () => {
    if (sending.current) return;
    const sent = send();
    if (!sent) return;
    sending.current = true;
    setBusy(true);
    let result: T;
    try {
      result = await sent;
    } catch (error) {
      const said = failure(error);
      if (said) toast(said);
      return;
    } finally {
      sending.current = false;
      setBusy(false);
    }
    const said = success(result);
    if (said) toast(said);
    void refresh?.(result);
    reset?.();
    onClose?.();
  };

  return {
    busy,
    close,
    submit,
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      void submit();
    },
  };
}

export type FormSubmit = ReturnType<typeof useFormSubmit>;
