import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { TakeoutImportReport } from '@family/contract';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A finished import: what came in, and each thing left out with why (docs/product.md "Bring an archive in"). */
export function ImportReport({ report }: { report: TakeoutImportReport }) {
  const nothing = report.media + report.albums + report.tags === 0;
  return (
    <Box>
      <Alert severity="success" sx={{ mb: 2 }}>
        {nothing ? 'The archive is in. Nothing was new: everything in it was already here.' : 'The archive is in.'}
      </Alert>
      <Box component="section" aria-label="What came in">
        <Typography variant="subtitle2" component="h3">
          What came in
        </Typography>
        <List dense disablePadding>
          {[
            plural(report.media, 'item', 'items'),
            plural(report.albums, 'album', 'albums'),
            `${plural(report.people, 'person', 'people')} found or added`,
            plural(report.tags, 'tag', 'tags'),
          ].map((line) => (
            <ListItem key={line} disableGutters>
              <ListItemText primary={line} />
            </ListItem>
          ))}
        </List>
      </Box>
      {report.skipped.length > 0 && (
        <Box component="section" aria-label="Left out" sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h3">
            Left out ({report.skipped.length})
          </Typography>
          <List dense disablePadding sx={{ maxHeight: 240, overflow: 'auto' }}>
            {report.skipped.map((line, index) => (
              <ListItem key={index} disableGutters>
                <ListItemText
                  primary={line.reason}
                  secondary={line.path}
                  slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
    </Box>
  );
}
