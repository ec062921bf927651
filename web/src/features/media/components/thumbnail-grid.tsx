import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { monthLabel } from '../utils/months';

/**
 * Thumbnails a row by screen width (docs/product.md "Media grid"): 3 on a phone, 4 from 600 px, 6 from 900, 7 from
 * 1200. Counted in px widths, not text: large text makes the words bigger, not the pictures fewer.
 */
export const THUMBNAILS_A_ROW = { xs: 3, sm: 4, md: 6, lg: 7 } as const;
type Breakpoint = keyof typeof THUMBNAILS_A_ROW;
const BREAKPOINTS = Object.keys(THUMBNAILS_A_ROW) as Breakpoint[];

/** The hairline between thumbnails, as phones' galleries have it. */
const GAP = '2px';

/** The same value at every width, worked out from that width's thumbnails a row. */
function byWidth<T>(value: (columns: number) => T): Record<Breakpoint, T> {
  return Object.fromEntries(BREAKPOINTS.map((key) => [key, value(THUMBNAILS_A_ROW[key])])) as Record<Breakpoint, T>;
}

type ThumbnailGridProps = {
  children: ReactNode;
  /** A month of few items takes only as many columns as it has (MonthSection). */
  items?: number;
  'aria-busy'?: 'true';
  'aria-label'?: string;
};

/** Square thumbnails edge to edge, 2 px apart. */
export function ThumbnailGrid({ children, items, ...aria }: ThumbnailGridProps) {
  return (
    <Box
      {...aria}
      sx={{
        display: 'grid',
        gap: GAP,
        gridTemplateColumns: byWidth((columns) => `repeat(${Math.min(columns, items ?? columns)}, minmax(0, 1fr))`),
      }}
    >
      {children}
    </Box>
  );
}

/**
 * The gallery's months side by side where they fit (docs/product.md "Months"): a month of one or two photos sits
 * beside the next one rather than leaving the rest of its row empty, and every thumbnail keeps the same size.
 */
export function MonthSections({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: GAP, rowGap: 1 }}>{children}</Box>;
}

/** One month: its heading ("March 2022") over its thumbnails, as wide as its items need and at most a row. */
export function MonthSection({ month, items, children }: { month: string; items: number; children: ReactNode }) {
  return (
    <Box
      sx={{
        minWidth: 0,
        // Its columns' share of the row: the width of `min(items, columns)` thumbnails and the gaps between them.
        width: byWidth((columns) => {
          const used = Math.min(columns, items);
          return `calc((100% - ${columns - 1} * ${GAP}) / ${columns} * ${used} + ${used - 1} * ${GAP})`;
        }),
      }}
    >
      <Typography
        variant="h6"
        component="h2"
        sx={{
          px: { xs: 1.5, sm: 0.5 },
          pt: 1.5,
          pb: 1,
          fontSize: '1.05rem',
          fontWeight: 600,
          lineHeight: 1.3,
          overflowWrap: 'anywhere',
        }}
      >
        {monthLabel(month)}
      </Typography>
      <ThumbnailGrid items={items}>{children}</ThumbnailGrid>
    </Box>
  );
}
