import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

type RecoveryCodesProps = {
  codes: string[];
  /** "I have saved them": the codes leave the screen for good. */
  onDone: () => void;
  doneLabel: string;
};

/** The ten recovery codes, shown once right after two-step sign-in is turned on. */
export function RecoveryCodes({ codes, onDone, doneLabel }: RecoveryCodesProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography role="status">
        Two-step sign-in is on. Keep these recovery codes somewhere safe, on paper or in a password manager. Each one
        signs you in once if you lose your phone. They are shown only now.
      </Typography>
      <Box
        component="ol"
        aria-label="Recovery codes"
        data-testid="recovery-codes"
        sx={{
          m: 0,
          pl: 4,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
          columnGap: 3,
          rowGap: 0.5,
          fontFamily: 'monospace',
          fontSize: '1.1rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box>
        <Button variant="contained" onClick={onDone}>
          {doneLabel}
        </Button>
      </Box>
    </Box>
  );
}
