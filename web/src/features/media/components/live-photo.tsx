// Concentric rings, as phones mark a Live Photo.
import MotionPhotosOnIcon from '@mui/icons-material/Adjust';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type PointerEvent, useState } from 'react';
import type { MediaItem } from '@family/contract';

const FRAME = { display: 'block', width: 'auto', maxWidth: '100%', maxHeight: '70vh', mx: 'auto' } as const;

/**
 * A Motion or Live Photo in the detail view (docs/product.md "Live and Motion Photos"): the still, whose motion
 * plays while the mouse is over it or a finger holds it, as phones do; the "Live" button starts and stops it for
 * keyboards, screen readers and anyone who prefers a press to a hold.
 */
export function LivePhoto({ item }: { item: MediaItem & { previewUrl: string; motionUrl: string } }) {
  const [held, setHeld] = useState(false);
  const [toggled, setToggled] = useState(false);
  const playing = held || toggled;

  // A mouse plays it while over the picture; a finger or pen while pressing (not on a mere pass over it).
  const hold = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' || event.type === 'pointerdown') setHeld(true);
  };
  const release = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' ? event.type === 'pointerleave' : event.type !== 'pointerenter') setHeld(false);
  };

  return (
    <Box sx={{ position: 'relative', width: 'fit-content', maxWidth: '100%', mx: 'auto' }}>
      <Box
        data-testid="live-photo"
        onPointerEnter={hold}
        onPointerDown={hold}
        onPointerLeave={release}
        onPointerUp={release}
        onPointerCancel={release}
        // A long press would open the phone's own menu for the picture instead.
        onContextMenu={(event) => event.preventDefault()}
        sx={{ position: 'relative', borderRadius: 1, overflow: 'hidden', touchAction: 'pan-y', userSelect: 'none' }}
      >
        <Box
          component="img"
          src={item.previewUrl}
          alt={item.title}
          draggable={false}
          sx={{ ...FRAME, objectFit: 'contain', WebkitTouchCallout: 'none' }}
        />
        {playing && (
          <Box
            component="video"
            src={item.motionUrl}
            poster={item.previewUrl}
            autoPlay
            muted
            loop
            playsInline
            aria-label={`Motion of ${item.title}`}
            sx={{
              position: 'absolute',
              inset: 0,
              width: '100%',
              height: '100%',
              objectFit: 'contain',
              bgcolor: 'black',
            }}
          />
        )}
      </Box>
      <Button
        size="small"
        variant="contained"
        color="inherit"
        aria-pressed={toggled}
        aria-label={toggled ? 'Live, stop the motion' : 'Live, play the motion'}
        startIcon={<MotionPhotosOnIcon />}
        onClick={() => setToggled((on) => !on)}
        sx={{
          position: 'absolute',
          top: 8,
          left: 8,
          minHeight: 44,
          minWidth: 44,
          bgcolor: 'rgba(255, 255, 255, 0.9)',
          color: 'text.primary',
          fontWeight: 700,
          '&:hover': { bgcolor: 'rgba(255, 255, 255, 0.98)' },
        }}
      >
        Live
      </Button>
    </Box>
  );
}
