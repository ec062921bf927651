import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useId, useMemo, useState } from 'react';
import useSWR from 'swr';
import type { MediaMonth } from '@family/contract';
import { MEDIA_MONTHS_KEY } from '../api/media-keys';
import { monthName } from '../utils/months';

type JumpToDateProps = {
  /** Called with `YYYY-MM`: the gallery loads from that month's newest item. */
  onJump: (month: string) => void;
};

/** docs/product.md "Months": a year and a month that hold items (GET /api/media/months), and Jump. */
export function JumpToDate({ onJump }: JumpToDateProps) {
  const headingId = useId();
  const { data: months } = useSWR<MediaMonth[]>(MEDIA_MONTHS_KEY);
  const years = useMemo(() => [...new Set((months ?? []).map((row) => row.month.slice(0, 4)))], [months]);
  const [chosenYear, setChosenYear] = useState('');
  const year = chosenYear || years[0] || '';
  const monthsOfYear = (months ?? []).filter((row) => row.month.startsWith(`${year}-`));
  const [chosenMonth, setChosenMonth] = useState('');
  const month = monthsOfYear.some((row) => row.month === chosenMonth) ? chosenMonth : (monthsOfYear[0]?.month ?? '');

  if (!months || months.length === 0) return null;
  return (
    <Box
      component="form"
      aria-labelledby={headingId}
      onSubmit={(event) => {
        event.preventDefault();
        if (month) onJump(month);
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}
    >
      <Box
        id={headingId}
        component="span"
        sx={{ fontWeight: 600, fontSize: '1.05rem', flexBasis: { xs: '100%', sm: 'auto' } }}
      >
        Jump to date
      </Box>
      <TextField
        select
        label="Year"
        value={year}
        onChange={(event) => {
          setChosenYear(event.target.value);
          setChosenMonth('');
        }}
        slotProps={{ select: { native: true } }}
        fullWidth={false}
        sx={{ width: { xs: '100%', sm: 130 } }}
      >
        {years.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </TextField>
      <TextField
        select
        label="Month"
        value={month}
        onChange={(event) => setChosenMonth(event.target.value)}
        slotProps={{ select: { native: true } }}
        fullWidth={false}
        sx={{ width: { xs: '100%', sm: 200 } }}
      >
        {monthsOfYear.map((row) => (
          <option key={row.month} value={row.month}>
            {monthName(row.month)} ({row.count})
          </option>
        ))}
      </TextField>
      <Button type="submit" variant="contained" sx={{ minHeight: 48 }}>
        Jump
      </Button>
    </Box>
  );
}
