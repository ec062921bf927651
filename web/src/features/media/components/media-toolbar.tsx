import CheckBoxOutlinedIcon from '@mui/icons-material/CheckBoxOutlined';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import useSWR from 'swr';
import type { MediaMonth } from '@family/contract';
import { MEDIA_MONTHS_KEY } from '../api/media-keys';

export type OpenPanel = 'search' | 'jump' | null;

type MediaToolbarProps = {
  /** The page's heading at the bar's start (the gallery's h1). */
  heading?: ReactNode;
  open: OpenPanel;
  onOpenChange: (panel: OpenPanel) => void;
  /** A search or a type is in force: the button says so while its panel is closed. */
  filtering: boolean;
  /** The gallery offers "Jump to date" (docs/product.md "Months"). */
  jumps: boolean;
  /** A phone's "Select": the thumbnails show their checkboxes (wider, they always do). */
  selecting: boolean;
  onSelectingChange: (selecting: boolean) => void;
};

/**
 * The grid's one compact bar (docs/product.md "Media grid"): the heading, then "Search and filter" and "Jump to date",
 * each opening its panel under the bar, and on a phone "Select", so the first screen of a phone is pictures.
 */
export function MediaToolbar({
  heading,
  open,
  onOpenChange,
  filtering,
  jumps,
  selecting,
  onSelectingChange,
}: MediaToolbarProps) {
  const { data: months } = useSWR<MediaMonth[]>(jumps ? MEDIA_MONTHS_KEY : null);
  const toggle = (panel: Exclude<OpenPanel, null>) => onOpenChange(open === panel ? null : panel);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, mb: 1 }}>
      {/* Beside the buttons while there is room (a page's title); a phone's switch of views takes its own row. */}
      <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>{heading}</Box>
      <Box role="toolbar" aria-label="Find media" sx={{ display: 'flex', gap: 0.5, ml: 'auto' }}>
        <Tooltip title="Search and filter">
          <IconButton
            aria-label="Search and filter"
            aria-expanded={open === 'search'}
            onClick={() => toggle('search')}
            color={open === 'search' || filtering ? 'primary' : 'default'}
          >
            <Badge variant="dot" color="primary" invisible={!filtering || open === 'search'}>
              <SearchIcon />
            </Badge>
          </IconButton>
        </Tooltip>
        <Tooltip title="Select">
          <IconButton
            aria-label="Select"
            aria-pressed={selecting}
            onClick={() => onSelectingChange(!selecting)}
            color={selecting ? 'primary' : 'default'}
            sx={{ display: { sm: 'none' } }}
          >
            <CheckBoxOutlinedIcon />
          </IconButton>
        </Tooltip>
        {jumps && months && months.length > 0 && (
          <Tooltip title="Jump to date">
            <IconButton
              aria-label="Jump to date"
              aria-expanded={open === 'jump'}
              onClick={() => toggle('jump')}
              color={open === 'jump' ? 'primary' : 'default'}
            >
              <EventOutlinedIcon />
            </IconButton>
          </Tooltip>
        )}
      </Box>
    </Box>
  );
}
