import FaceIcon from '@mui/icons-material/Face';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Face, MediaItem } from '@family/contract';
import { useItemFaces } from '../api/use-item-faces';

type PictureWithFacesProps = {
  item: MediaItem & { previewUrl: string };
  /** The picture's frame: the detail dialog's heights. */
  frame: object;
};

/**
 * A photo's preview with its faces on demand (docs/product.md "Media detail dialog"): "Show faces" draws a box on
 * each face the archive found or someone drew, named, or "Who is this?" with the suggestion when there is one.
 * The boxes are placed in percent of the picture, so they fit it at every width.
 */
export function PictureWithFaces({ item, frame }: PictureWithFacesProps) {
  const [shown, setShown] = useState(false);
  const { faces, scan, isLoading } = useItemFaces(shown ? item.id : null);
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ position: 'relative', width: 'fit-content', maxWidth: '100%', mx: 'auto' }}>
        <Box
          component="img"
          src={item.previewUrl}
          alt={item.title}
          sx={{ ...frame, width: 'auto', maxWidth: '100%', objectFit: 'contain' }}
        />
        {shown && faces.map((face) => <FaceBox key={face.id} face={face} />)}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<FaceIcon />} onClick={() => setShown(!shown)} aria-pressed={shown}>
          {shown ? 'Hide faces' : 'Show faces'}
        </Button>
        {shown && !isLoading && (
          <Typography role="status" variant="body2" sx={{ color: 'text.secondary' }}>
            {facesStatus(faces, scan)}
          </Typography>
        )}
      </Box>
      {shown && faces.length > 0 && (
        <Box component="ul" aria-label="Faces" sx={{ m: 0, pl: 3 }}>
          {faces.map((face) => (
            <li key={face.id}>{faceLabel(face)}</li>
          ))}
        </Box>
      )}
    </Box>
  );
}

function facesStatus(faces: Face[], scan: string | null): string {
  if (scan === 'pending') return 'Still looking for faces on this photo.';
  if (scan === 'off') return faces.length === 0 ? 'Faces are turned off in this archive.' : '';
  if (faces.length === 0) return 'No faces found on this photo.';
  return faces.length === 1 ? '1 face' : `${faces.length} faces`;
}

function faceLabel(face: Face): string {
  if (face.person) return face.person.displayName;
  const suggested = face.suggestions[0]?.person.displayName;
  return suggested ? `Who is this? Maybe ${suggested}` : 'Who is this?';
}

/** One face's box, its name under it, over the picture (part of the picture: the list below says it in words). */
function FaceBox({ face }: { face: Face }) {
  const named = face.person !== null;
  return (
    <Box
      data-testid="face-box"
      aria-hidden
      sx={{
        position: 'absolute',
        left: `${face.box.x * 100}%`,
        top: `${face.box.y * 100}%`,
        width: `${face.box.width * 100}%`,
        height: `${face.box.height * 100}%`,
        border: '3px solid',
        borderColor: named ? '#ffffff' : '#ffd54f',
        borderRadius: 1,
        boxShadow: '0 0 0 1px rgba(0, 0, 0, 0.7)',
      }}
    >
      <Box
        component="span"
        sx={{
          position: 'absolute',
          top: '100%',
          left: '50%',
          transform: 'translateX(-50%)',
          mt: 0.5,
          px: 0.75,
          borderRadius: 1,
          bgcolor: 'rgba(0, 0, 0, 0.78)',
          color: 'common.white',
          fontSize: '0.875rem',
          fontWeight: 600,
          whiteSpace: 'nowrap',
          maxWidth: '40vw',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
        {face.person ? face.person.displayName : 'Who is this?'}
      </Box>
    </Box>
  );
}
