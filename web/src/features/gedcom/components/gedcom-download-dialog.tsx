import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { GedcomLiving } from '@family/contract';
import { gedcomDownloadHref } from '../api/gedcom-import';

const CHOICES: { value: GedcomLiving; label: string }[] = [
  { value: 'names', label: 'Only their names (best for sharing outside the family)' },
  { value: 'full', label: 'Everything: dates, places, stories and photos' },
  { value: 'exclude', label: 'Leave living people out' },
];

type Props = { open: boolean; onClose: () => void };

/** "Download GEDCOM": the whole family as a GEDCOM 7 file, with a choice for living people's details. */
export function GedcomDownloadDialog({ open, onClose }: Props) {
  const [living, setLiving] = useState<GedcomLiving>('names');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="gedcom-download-title">
      <DialogTitle id="gedcom-download-title">Download GEDCOM</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          Everyone in the archive with their partnerships and children, as a file any genealogy program opens.
        </Typography>
        <FormControl>
          <FormLabel id="gedcom-living-label">Living people</FormLabel>
          <RadioGroup
            aria-labelledby="gedcom-living-label"
            value={living}
            onChange={(e) => setLiving(e.target.value as GedcomLiving)}
          >
            {CHOICES.map((choice) => (
              <FormControlLabel key={choice.value} value={choice.value} control={<Radio />} label={choice.label} />
            ))}
          </RadioGroup>
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          component="a"
          href={gedcomDownloadHref(living)}
          download="family.ged"
          onClick={onClose}
        >
          Download
        </Button>
      </DialogActions>
    </Dialog>
  );
}
