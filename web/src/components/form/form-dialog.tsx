import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';
import type { FormSubmit } from './use-form-submit';

type FormDialogProps = {
  open: boolean;
  /** From useFormSubmit(): busy, close and submit. */
  form: Pick<FormSubmit, 'busy' | 'close' | 'onSubmit'>;
  title: string;
  /** A sentence under the title. */
  intro?: ReactNode;
  submitLabel: string;
  /** The submit button's words while sending ('Creating...'). */
  busyLabel: string;
  submitIcon?: ReactNode;
  /** Keeps submit off until the form can be sent. */
  submitDisabled?: boolean;
  /** What Cancel does when it must do more than close: then it also stays on while busy (to stop an upload). */
  onCancel?: () => void;
  maxWidth?: 'xs' | 'sm';
  /** Full screen on a phone, for the longer forms. */
  fullScreenOnPhone?: boolean;
  /** The fields, one under the other. */
  children: ReactNode;
};

/** A dialog that is one form: title, intro, the fields, then Cancel and submit. Closing is refused while busy. */
export function FormDialog({
  open,
  form,
  title,
  intro,
  submitLabel,
  busyLabel,
  submitIcon,
  submitDisabled = false,
  onCancel,
  maxWidth = 'sm',
  fullScreenOnPhone = false,
  children,
}: FormDialogProps) {
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const { busy } = form;

  return (
    <Dialog
      open={open}
      onClose={form.close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={fullScreenOnPhone && phone}
    >
      <Box component="form" noValidate onSubmit={form.onSubmit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {intro && <DialogContentText sx={{ mb: 2.5 }}>{intro}</DialogContentText>}
          {/* The top padding keeps the first field's floating label clear of the title. */}
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, pt: intro ? 0 : 1 }}>{children}</Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          <Button onClick={onCancel ?? form.close} disabled={busy && !onCancel} variant="outlined">
            Cancel
          </Button>
          <Button type="submit" disabled={busy || submitDisabled} variant="contained" startIcon={submitIcon}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
