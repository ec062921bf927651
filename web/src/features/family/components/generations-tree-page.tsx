import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import type { PersonSummary } from '@family/contract';
import { LoadError } from '../../../components/load-error';
import { NotFound } from '../../../components/not-found';
import { PageHeading } from '../../../components/page-heading';
import { PageSpinner } from '../../../components/page-spinner';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api';
import { useTreeAround } from '../api/use-tree-around';
import { layoutGenerations } from '../utils/generations-layout';
import { FamilyTreeCanvas } from './family-tree-canvas';
import { FindPerson } from './find-person';

const DEPTHS = [1, 2, 3, 4, 5, 6];
const FIRST_DRAW_START = 'family-tree:layout';
const FIRST_DRAW = 'family-tree:first-draw';

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
  const navigate = useNavigate();
  const layout = useMemo(() => {
    if (!tree) return null;
    performance.mark(FIRST_DRAW_START);
    return layoutGenerations(tree);
  }, [tree]);
  const measured = useRef(false);
  // The chart's first draw, from the data in hand to the drawn canvas (effects run once it is on screen); the
  // bench reads this measure (docs/conventions.md "Benchmarks").
  useEffect(() => {
    if (!layout || measured.current) return;
    measured.current = true;
    performance.measure(FIRST_DRAW, FIRST_DRAW_START);
  }, [layout]);
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
        <FindPerson onPick={centreOn} />
        <TextField
          select
          label="Generations each way"
          value={depth}
          onChange={(event) => setDepth(Number(event.target.value))}
          sx={{ width: 'auto', minWidth: 'min(200px, 100%)', flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
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
