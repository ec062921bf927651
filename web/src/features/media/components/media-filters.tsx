import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { MediaType } from '@family/contract';
import { MEDIA_TYPE_OPTIONS } from '../types';

type MediaFiltersProps = {
  search: string;
  onSearchChange: (value: string) => void;
  type: MediaType | '';
  onTypeChange: (value: MediaType | '') => void;
};

/** 'Search media...' and the type filter: All Types, Photos, Videos, Audio, Documents, Posts (docs/product.md). */
export function MediaFilters({ search, onSearchChange, type, onTypeChange }: MediaFiltersProps) {
  return (
    <Box
      role="search"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 2fr) minmax(0, 1fr)' }, gap: 2, mb: 2 }}
    >
      <TextField
        type="search"
        placeholder="Search media..."
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
        slotProps={{
          htmlInput: { 'aria-label': 'Search media' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        label="Type"
        value={type}
        onChange={(event) => onTypeChange(event.target.value as MediaType | '')}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">All Types</option>
        {MEDIA_TYPE_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.filterLabel}
          </option>
        ))}
      </TextField>
    </Box>
  );
}
