import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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

/** Lines shown before "Show all": a long report stays short on a phone until a person asks for the rest. */
const FIRST_SHOWN = 5;

/** "Line 12: Anna … skipped." reads as the sentence, with its line of the file below it. */
function sentenceOf(line: GedcomReportLine): { text: string; where: string | null } {
  if (line.line === null) return { text: line.reason, where: null };
  const prefix = `Line ${line.line}: `;
  if (line.reason.startsWith(prefix)) {
    const text = line.reason.slice(prefix.length);
    return { text: text.charAt(0).toUpperCase() + text.slice(1), where: `Line ${line.line}` };
  }
  return { text: line.reason, where: line.reason.startsWith('Line ') ? null : `Line ${line.line}` };
}

/** One group of report lines, whole sentences in the page's own scroll (no box that cuts them), the first few open. */
function Lines({ title, lines }: { title: string; lines: GedcomReportLine[] }) {
  const [all, setAll] = useState(false);
  const listId = useId();
  if (lines.length === 0) return null;
  const shown = all ? lines : lines.slice(0, FIRST_SHOWN);
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3">
        {title} ({lines.length})
      </Typography>
      <List id={listId} dense disablePadding>
        {shown.map((line, index) => {
          const { text, where } = sentenceOf(line);
          return (
            <ListItem key={index} disableGutters>
              <ListItemText primary={text} secondary={where} sx={{ overflowWrap: 'anywhere' }} />
            </ListItem>
          );
        })}
      </List>
      {lines.length > FIRST_SHOWN && (
        <Button size="small" aria-expanded={all} aria-controls={listId} onClick={() => setAll(!all)}>
          {all ? 'Show fewer' : `Show all ${lines.length}`}
        </Button>
      )}
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
