import AddIcon from '@mui/icons-material/Add';
import CenterFocusStrongIcon from '@mui/icons-material/CenterFocusStrong';
import RemoveIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import { alpha, useTheme } from '@mui/material/styles';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import type { PersonSummary } from '@family/contract';
import {
  TREE,
  centreView,
  clampView,
  clampZoom,
  zoomAt,
  type Point,
  type TreeLayout,
  type TreeNode,
  type View,
  visiblePart,
} from '../utils/tree-layout';
import { FamilyTreeNode } from './family-tree-node';

type FamilyTreeCanvasProps = {
  layout: TreeLayout;
  /** Names the area for screen readers, e.g. "Rose's family tree". */
  label: string;
  onOpen: (person: PersonSummary) => void;
  /** Draw only what is on screen (and a margin): for trees of hundreds or thousands of people. */
  cull?: boolean;
};

type Gesture =
  | { kind: 'pan'; start: Point; startView: View; startedAt: number; moved: number; personId: number | null }
  | { kind: 'pinch'; startView: View; startMid: Point; startDistance: number };

const BUTTON_ZOOM_STEP = 1.25;
const CANVAS_COLOUR = '#fbfaf6';
const WHEEL_ZOOM_SPEED = 0.0015;

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

function personIdAt(target: EventTarget | null): number | null {
  const node = target instanceof Element ? target.closest('[data-person-id]') : null;
  const id = Number(node?.getAttribute('data-person-id'));
  return node && Number.isFinite(id) ? id : null;
}

/**
 * The tree's pannable, zoomable canvas (docs/product.md "Family tree"): drag with mouse or finger, pinch or wheel to
 * zoom between 0.5 and 2, +/- and Centre buttons. A press shorter than 300 ms that moved less than 10 px on a
 * person opens them. Pointer events with touch-action none, so the browser leaves every gesture to us.
 */
export function FamilyTreeCanvas({ layout, label, onOpen, cull = false }: FamilyTreeCanvasProps) {
  const theme = useTheme();
  const clipPathId = `tree${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const patternId = `${clipPathId}-dots`;
  const viewportRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number }>({
    width: TREE.viewportWidth,
    height: TREE.viewportHeight,
  });
  const [view, setView] = useState<View>(() => centreView(layout, size));
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  /** Once the person has moved the view, a resize or a new relation no longer recentres it. */
  const movedByPerson = useRef(false);
  const canvas = { width: layout.width, height: layout.height };
  const drawn = useMemo(() => {
    if (!cull) return layout;
    const margin = TREE.horizontalSpacing / view.scale;
    return visiblePart(layout, {
      minX: -view.x / view.scale - margin,
      minY: -view.y / view.scale - margin,
      maxX: (size.width - view.x) / view.scale + margin,
      maxY: (size.height - view.y) / view.scale + margin,
    });
  }, [cull, layout, view, size]);

  const update = useCallback(
    (next: View | ((current: View) => View)) => {
      setView((current) =>
        clampView(typeof next === 'function' ? next(current) : next, size, {
          width: layout.width,
          height: layout.height,
        }),
      );
    },
    [size, layout.width, layout.height],
  );

  // The viewport's width follows the screen; measure it, and again whenever it changes.
  useLayoutEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    const measure = () => {
      const width = element.clientWidth || TREE.viewportWidth;
      const height = element.clientHeight || TREE.viewportHeight;
      setSize((current) => (current.width === width && current.height === height ? current : { width, height }));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(() => {
    if (!movedByPerson.current) setView(centreView(layout, size));
  }, [layout, size]);

  // Wheel zoom needs a listener that may cancel the page's scrolling; React's wheel listener is passive.
  useEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      movedByPerson.current = true;
      const rect = element.getBoundingClientRect();
      const at = { x: event.clientX - rect.left, y: event.clientY - rect.top };
      update((current) => zoomAt(current, current.scale * Math.exp(-event.deltaY * WHEEL_ZOOM_SPEED), at));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [update]);

  const pointOf = (event: PointerEvent<HTMLDivElement>): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const startPinch = () => {
    const [a, b] = [...pointers.current.values()];
    gesture.current = {
      kind: 'pinch',
      startView: view,
      startMid: midpoint(a, b),
      startDistance: Math.max(1, distance(a, b)),
    };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // Not every environment can capture (a synthetic event); dragging still works inside the area.
    }
    const point = pointOf(event);
    pointers.current.set(event.pointerId, point);
    if (pointers.current.size === 1) {
      gesture.current = {
        kind: 'pan',
        start: point,
        startView: view,
        startedAt: performance.now(),
        moved: 0,
        personId: personIdAt(event.target),
      };
    } else if (pointers.current.size === 2) {
      startPinch();
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    const point = pointOf(event);
    pointers.current.set(event.pointerId, point);
    const current = gesture.current;
    if (!current) return;
    if (current.kind === 'pan') {
      const dx = point.x - current.start.x;
      const dy = point.y - current.start.y;
      current.moved = Math.max(current.moved, Math.hypot(dx, dy));
      if (current.moved >= TREE.tapMaxMovePx) movedByPerson.current = true;
      update({ ...current.startView, x: current.startView.x + dx, y: current.startView.y + dy });
    } else if (pointers.current.size >= 2) {
      const [a, b] = [...pointers.current.values()];
      const mid = midpoint(a, b);
      const { startView, startMid, startDistance } = current;
      const scale = clampZoom(startView.scale * (distance(a, b) / startDistance));
      // The canvas point that was under the fingers stays under them, wherever they go.
      const canvasX = (startMid.x - startView.x) / startView.scale;
      const canvasY = (startMid.y - startView.y) / startView.scale;
      movedByPerson.current = true;
      update({ scale, x: mid.x - canvasX * scale, y: mid.y - canvasY * scale });
    }
  };

  const endPointer = (event: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const current = gesture.current;
    if (current?.kind === 'pan' && pointers.current.size === 0) {
      const quick = performance.now() - current.startedAt < TREE.tapMaxMs;
      const still = current.moved < TREE.tapMaxMovePx;
      const person = current.personId === null ? undefined : layout.nodes.find((n) => n.person.id === current.personId);
      if (!cancelled && quick && still && person) onOpen(person.person);
    }
    if (pointers.current.size === 1) {
      // One finger left after a pinch: it pans from here, and is no tap.
      const [[, point]] = [...pointers.current.entries()];
      gesture.current = {
        kind: 'pan',
        start: point,
        startView: view,
        startedAt: -Infinity,
        moved: Infinity,
        personId: null,
      };
    } else if (pointers.current.size === 0) {
      gesture.current = null;
    } else {
      startPinch();
    }
  };

  const zoomBy = (factor: number) => {
    movedByPerson.current = true;
    update((current) => zoomAt(current, current.scale * factor, { x: size.width / 2, y: size.height / 2 }));
  };

  const centre = () => {
    movedByPerson.current = false;
    setView(centreView(layout, size));
  };

  /** Keyboard focus on a person out of sight brings them into the middle. */
  const onNodeFocus = (node: TreeNode) => {
    const x = node.x * view.scale + view.x;
    const y = node.y * view.scale + view.y;
    const margin = (TREE.nodeRadius + 30) * view.scale;
    if (x < margin || x > size.width - margin || y < margin || y > size.height - margin) {
      movedByPerson.current = true;
      update({ ...view, x: size.width / 2 - node.x * view.scale, y: size.height / 2 - node.y * view.scale });
    }
  };

  const { palette } = theme;
  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        ref={viewportRef}
        role="group"
        aria-label={label}
        data-testid="family-tree-viewport"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(event) => endPointer(event, false)}
        onPointerCancel={(event) => endPointer(event, true)}
        sx={{
          height: TREE.viewportHeight,
          width: '100%',
          overflow: 'hidden',
          borderRadius: 2,
          border: 1,
          borderColor: 'divider',
          bgcolor: '#f3f1ea',
          touchAction: 'none',
          userSelect: 'none',
          WebkitUserSelect: 'none',
          cursor: 'grab',
          '&:active': { cursor: 'grabbing' },
          '& .tree-node-group': { cursor: 'pointer' },
          '& .tree-node, & .tree-node:focus-visible': { outline: 'none', boxShadow: 'none' },
          '& .tree-node-focus': { fill: 'none', stroke: palette.secondary.main, strokeWidth: 4, opacity: 0 },
          '& .tree-node:focus-visible .tree-node-focus': { opacity: 1 },
          '& .tree-node-circle': { fill: '#e4ede6', stroke: palette.primary.light, strokeWidth: 3 },
          '& .tree-node-circle.tree-node-no-account': { fill: '#f1ece0', strokeDasharray: '7 5' },
          '& .tree-node-circle.tree-node-root': { fill: palette.primary.main, stroke: palette.primary.dark },
          // The initials lie over the button's circle: a press on them goes to the circle.
          '& .tree-node-initials': { fill: palette.primary.dark, fontSize: 26, fontWeight: 700, pointerEvents: 'none' },
          '& .tree-node-initials.tree-node-root': { fill: palette.primary.contrastText },
          // A halo in the canvas colour keeps names and labels readable where a line runs behind them.
          '& .tree-node-name, & .tree-node-label, & .tree-node-years': {
            paintOrder: 'stroke',
            stroke: CANVAS_COLOUR,
            strokeWidth: 6,
            strokeLinejoin: 'round',
          },
          '& .tree-node-name': { fill: palette.text.primary, fontSize: 16, fontWeight: 600 },
          '& .tree-node-name.tree-node-root': { fontWeight: 800 },
          '& .tree-node-years': { fill: palette.text.secondary, fontSize: 15 },
          '& .tree-node-label': {
            fill: palette.secondary.main,
            fontSize: 15,
            fontWeight: 700,
            letterSpacing: 0.5,
            textTransform: 'uppercase',
          },
        }}
      >
        <svg width="100%" height="100%" style={{ display: 'block' }}>
          <defs>
            <clipPath id={clipPathId} clipPathUnits="objectBoundingBox">
              <circle cx={0.5} cy={0.5} r={0.5} />
            </clipPath>
            <pattern id={patternId} width={40} height={40} patternUnits="userSpaceOnUse">
              <circle cx={20} cy={20} r={1.6} fill={alpha(palette.primary.dark, 0.16)} />
            </pattern>
          </defs>
          <g transform={`translate(${view.x} ${view.y}) scale(${view.scale})`}>
            <rect width={canvas.width} height={canvas.height} fill={CANVAS_COLOUR} />
            <rect width={canvas.width} height={canvas.height} fill={`url(#${patternId})`} />
            {drawn.links.map((link) => (
              <polyline
                key={link.key}
                points={link.points.map((point) => `${point.x},${point.y}`).join(' ')}
                fill="none"
                stroke={
                  link.kind === 'spouse' || link.kind === 'former' ? palette.secondary.main : palette.primary.light
                }
                strokeWidth={3}
                strokeDasharray={link.kind === 'sibling' || link.kind === 'former' ? '8 7' : undefined}
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            ))}
            {drawn.nodes.map((node) => (
              <FamilyTreeNode
                key={node.person.id}
                node={node}
                clipPathId={clipPathId}
                onOpen={onOpen}
                onFocus={onNodeFocus}
              />
            ))}
          </g>
        </svg>
      </Box>
      <Paper
        elevation={2}
        // At 200% zoom the buttons wrap onto two rows rather than reaching past the screen's left edge.
        sx={{
          position: 'absolute',
          top: 12,
          right: 12,
          maxWidth: 'calc(100% - 24px)',
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'flex-end',
          alignItems: 'center',
          gap: 0.5,
          p: 0.5,
        }}
      >
        <Tooltip title="Zoom out">
          <span>
            <IconButton
              aria-label="Zoom out"
              onClick={() => zoomBy(1 / BUTTON_ZOOM_STEP)}
              disabled={view.scale <= TREE.minZoom}
            >
              <RemoveIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Zoom in">
          <span>
            <IconButton
              aria-label="Zoom in"
              onClick={() => zoomBy(BUTTON_ZOOM_STEP)}
              disabled={view.scale >= TREE.maxZoom}
            >
              <AddIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Button onClick={centre} startIcon={<CenterFocusStrongIcon />}>
          Centre
        </Button>
      </Paper>
    </Box>
  );
}
