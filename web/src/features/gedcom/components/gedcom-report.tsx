import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { GedcomImportReport, GedcomReportLine } from '@family/contract';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What came in, as sentences a person reads at a glance. */
function cameIn(report: GedcomImportReport): string[] {
  const lines = [
    `${plural(report.people, 'person', 'people')} in the file`,
    `${plural(report.created, 'person', 'people')} added to the archive`,
  ];
  if (report.matched > 0) lines.push(`${plural(report.matched, 'person was', 'people were')} already in the archive`);
  if (report.alreadyImported > 0)
    lines.push(`${plural(report.alreadyImported, 'person', 'people')} from an earlier import of this file`);
  lines.push(
    `${plural(report.partnerships, 'partnership', 'partnerships')} and ${plural(report.children, 'child tie', 'child ties')}`,
  );
  if (report.media > 0) lines.push(`${plural(report.media, 'photo or document', 'photos and documents')}`);
  return lines;
}

function Lines({ title, lines }: { title: string; lines: GedcomReportLine[] }) {
  if (lines.length === 0) return null;
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3">
        {title} ({lines.length})
      </Typography>
      <List dense disablePadding sx={{ maxHeight: 200, overflow: 'auto' }}>
        {lines.map((line, index) => (
          <ListItem key={index} disableGutters>
            <ListItemText
              primary={line.reason}
              secondary={line.line !== null && !line.reason.startsWith('Line ') ? `Line ${line.line}` : null}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** A finished import's report: what came in, what was skipped and why, the files that were missing. */
export function GedcomReport({ report }: { report: GedcomImportReport }) {
  const program = [report.sourceProgram, report.version && `GEDCOM ${report.version}`, report.encoding]
    .filter(Boolean)
    .join(' · ');
  return (
    <Box>
      <Alert severity="success" sx={{ mb: 2 }}>
        The import is done.
      </Alert>
      {program && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {program}
        </Typography>
      )}
      <Box component="section" aria-label="Came in">
        <Typography variant="subtitle2" component="h3">
          Came in
        </Typography>
        <List dense disablePadding>
          {cameIn(report).map((line) => (
            <ListItem key={line} disableGutters>
              <ListItemText primary={line} />
            </ListItem>
          ))}
        </List>
      </Box>
      <Lines title="Skipped" lines={report.skipped} />
      <Lines title="Missing files" lines={report.missingMedia} />
      <Lines title="Worth a look" lines={report.warnings} />
      {report.extensionTags.total > 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
          {plural(report.extensionTags.total, 'program-specific entry', 'program-specific entries')} (
          {Object.keys(report.extensionTags.byTag).slice(0, 5).join(', ')}
          {Object.keys(report.extensionTags.byTag).length > 5 ? ', …' : ''}) left out.
        </Typography>
      )}
    </Box>
  );
}
