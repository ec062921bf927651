import { createTheme, responsiveFontSizes } from '@mui/material/styles';

// Calm, warm and readable: a larger base size for older eyes, high-contrast text, big touch targets.
const fontFamily = [
  '"Segoe UI"',
  'system-ui',
  '-apple-system',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

/** The smallest touch target, on both sides (docs/conventions.md "Accessibility"). */
export const MIN_TOUCH_TARGET = 44;

// docs/conventions.md "Accessibility": one focus ring for everything a keyboard reaches, a dark ring with a white
// halo between it and the element, so it shows on the light pages, on photos and on filled buttons alike.
const RING_COLOUR = '#1f4145';
const focusRing = {
  outline: `3px solid ${RING_COLOUR}`,
  outlineOffset: 2,
  boxShadow: '0 0 0 2px #ffffff',
};
// Inside a box that clips what overflows (a card's picture button), the ring is drawn just inside the edge.
const insetFocusRing = {
  outline: `3px solid ${RING_COLOUR}`,
  outlineOffset: -3,
  boxShadow: 'inset 0 0 0 5px #ffffff',
};

const baseTheme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#2f5d62', dark: '#1f4145', light: '#5e8b7e', contrastText: '#ffffff' },
    secondary: { main: '#8a4b2d', contrastText: '#ffffff' },
    error: { main: '#b3261e' },
    success: { main: '#2e6b3a' },
    background: { default: '#f7f5f0', paper: '#ffffff' },
    text: { primary: '#1f2328', secondary: '#4a4f55' },
    divider: 'rgba(31, 35, 40, 0.14)',
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily,
    // MUI scales every rem size from this; 16 (default 14) makes body text about 18px.
    fontSize: 16,
    h1: { fontWeight: 600 },
    h2: { fontWeight: 600 },
    h3: { fontWeight: 600 },
    h4: { fontWeight: 600 },
    h5: { fontWeight: 600 },
    h6: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { lineHeight: 1.6 },
        ':focus-visible': focusRing,
        // A text field shows its ring on the field's box (MuiInputBase below), not on the text inside it.
        '.MuiInputBase-input:focus-visible': { outline: 'none', boxShadow: 'none' },
      },
    },
    // Buttons, icon buttons, menu items, toggles, checkboxes: MUI removes the browser's outline, so add ours back.
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
    },
    MuiCardActionArea: {
      styleOverrides: { root: { '&.Mui-focusVisible': insetFocusRing } },
    },
    MuiInputBase: {
      styleOverrides: {
        root: { '&.Mui-focused': { outline: `3px solid ${RING_COLOUR}`, outlineOffset: 2 } },
        // At least 16px keeps phones from zooming into a field on focus.
        input: { fontSize: '1.05rem' },
      },
    },
    // The unselected views of a switch in MUI's grey are under 4.5:1 on the page's background.
    MuiToggleButton: {
      styleOverrides: { root: { color: '#4a4f55', minHeight: 48 } },
    },
    // With large text a row of choices wraps onto more lines instead of pushing the page sideways, so each
    // choice keeps its own border.
    MuiToggleButtonGroup: {
      styleOverrides: {
        root: { flexWrap: 'wrap', gap: 6 },
        grouped: {
          margin: 0,
          '&&': { border: '1px solid rgba(31, 35, 40, 0.23)', borderRadius: 10 },
          '&&.Mui-selected': { borderColor: 'currentColor' },
        },
      },
    },
    MuiCheckbox: {
      styleOverrides: { root: { padding: 12 } },
    },
    MuiRadio: {
      styleOverrides: { root: { padding: 12 } },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { minHeight: 48, paddingInline: 20 },
        sizeLarge: { minHeight: 52, fontSize: '1.1rem' },
      },
    },
    MuiIconButton: {
      styleOverrides: { root: { minWidth: 48, minHeight: 48 } },
    },
    MuiTextField: {
      defaultProps: { fullWidth: true, variant: 'outlined' },
    },
    // Field labels sit on the border at 85% (MUI: 75%) so they stay readable; the notch matches.
    // With large text a label inside an empty field takes two lines rather than being cut short; on the border
    // it may be as wide as the field (100% / 0.85, less the notch's padding).
    MuiInputLabel: {
      styleOverrides: {
        root: {
          '&.MuiInputLabel-outlined:not(.MuiInputLabel-shrink)': {
            whiteSpace: 'normal',
            overflowWrap: 'anywhere',
            lineHeight: 1.2,
          },
        },
        shrink: {
          '&.MuiInputLabel-outlined': {
            transform: 'translate(14px, -11px) scale(0.85)',
            maxWidth: 'calc(100% / 0.85 - 32px)',
            // A field too narrow for its label (200% zoom on a phone) wraps it rather than cutting it short.
            whiteSpace: 'normal',
            overflowWrap: 'anywhere',
          },
        },
      },
    },
    // A chosen option wraps rather than being cut short with an ellipsis.
    MuiSelect: {
      styleOverrides: { select: { whiteSpace: 'normal', overflowWrap: 'anywhere' } },
    },
    MuiOutlinedInput: {
      styleOverrides: {
        notchedOutline: { '& legend': { fontSize: '0.85em' } },
      },
    },
    MuiFormHelperText: {
      styleOverrides: { root: { fontSize: '0.95rem', marginLeft: 2 } },
    },
    MuiLink: {
      defaultProps: { underline: 'always' },
      styleOverrides: {
        root: { '&:focus-visible, &.Mui-focusVisible': focusRing },
        // A link that acts as a button ('Forgot Password?') stands alone: a full touch target.
        button: { minHeight: MIN_TOUCH_TARGET, display: 'inline-flex', alignItems: 'center' },
      },
    },
    MuiListItemButton: {
      styleOverrides: { root: { minHeight: 52 } },
    },
    // Long names and usernames break rather than push a list wider than a phone.
    MuiListItemText: {
      styleOverrides: { root: { minWidth: 0, overflowWrap: 'anywhere' } },
    },
    // A chip grows with its text (MUI's is a fixed height in px) and keeps its place beside a name.
    MuiChip: {
      styleOverrides: {
        root: { height: 'auto', minHeight: 32, flexShrink: 0, maxWidth: '100%' },
        sizeSmall: { minHeight: 24 },
        label: { whiteSpace: 'normal', overflowWrap: 'anywhere', paddingBlock: 2 },
      },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
    },
  },
});

// Headings shrink on phones so a title like 'Page not found' fits on one line.
export const theme = responsiveFontSizes(baseTheme);
