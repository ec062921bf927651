import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import type { PersonSummary } from '@family/contract';
import { LoadError } from '../../../components/load-error';
import { NotFound } from '../../../components/not-found';
import { PageHeading } from '../../../components/page-heading';
import { PageSpinner } from '../../../components/page-spinner';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api';
import { useEveryone } from '../../../lib/queries/people';
import { useTreeAround } from '../api/use-tree-around';
import { layoutGenerations } from '../utils/generations-layout';
import { FamilyTreeCanvas } from './family-tree-canvas';

const DEPTHS = [1, 2, 3, 4, 5, 6];

/**
 * /family/tree/{id}: the tree centred on anyone, several generations up and down with partners and siblings.
 * A tap on a person centres the tree on them; "Find a person" jumps to anyone; only what is on screen is drawn.
 */
export function GenerationsTreePage({ rootId }: { rootId: number }) {
  // `?depth=N` opens the tree N generations each way (a shared link keeps its depth).
  const [search] = useSearchParams();
  const [depth, setDepth] = useState(() => {
    const asked = Number(search.get('depth'));
    return DEPTHS.includes(asked) ? asked : 3;
  });
  const { tree, error, isLoading, retry } = useTreeAround(rootId, depth);
  const everyone = useEveryone([]);
  const navigate = useNavigate();
  const layout = useMemo(() => (tree ? layoutGenerations(tree) : null), [tree]);
  const root = tree?.people.find((person) => person.id === rootId);
  const centreOn = (person: PersonSummary) => void navigate(paths.familyTree.getHref(person.id));

  if (error instanceof ApiError && error.status === 404) return <NotFound />;
  if (error) return <LoadError message={errorMessage(error, 'Could not load the tree.')} onRetry={retry} />;
  return (
    <>
      <PageHeading
        title={root ? `Family tree of ${root.displayName}` : 'Family tree'}
        subtitle="Tap a person to centre the tree on them."
        actions={
          <Button component={RouterLink} to={paths.userProfile.getHref(rootId)} variant="outlined">
            Open profile
          </Button>
        }
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Autocomplete
          options={everyone}
          getOptionLabel={(person) => person.displayName}
          getOptionKey={(person) => person.id}
          onChange={(_event, person) => person && centreOn(person)}
          sx={{ flex: 1, minWidth: 220 }}
          renderInput={(params) => <TextField {...params} label="Find a person" />}
        />
        <TextField
          select
          label="Generations each way"
          value={depth}
          onChange={(event) => setDepth(Number(event.target.value))}
          sx={{ width: 200 }}
        >
          {DEPTHS.map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {isLoading || !layout ? (
        <PageSpinner />
      ) : (
        <FamilyTreeCanvas
          layout={layout}
          label={`${root?.displayName ?? 'This person'}'s family tree`}
          onOpen={centreOn}
          cull
        />
      )}
    </>
  );
}
