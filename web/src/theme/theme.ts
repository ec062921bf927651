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
      },
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
    MuiInputBase: {
      styleOverrides: {
        // At least 16px keeps phones from zooming into a field on focus.
        input: { fontSize: '1.05rem' },
      },
    },
    // Field labels sit on the border at 85% (MUI: 75%) so they stay readable; the notch matches.
    MuiInputLabel: {
      styleOverrides: {
        shrink: { '&.MuiInputLabel-outlined': { transform: 'translate(14px, -11px) scale(0.85)' } },
      },
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
    },
    MuiListItemButton: {
      styleOverrides: { root: { minHeight: 52 } },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
    },
  },
});

// Headings shrink on phones so a title like 'Page not found' fits on one line.
export const theme = responsiveFontSizes(baseTheme);
