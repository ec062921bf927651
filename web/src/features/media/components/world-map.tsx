import Box from '@mui/material/Box';
import { geoNaturalEarth1, geoPath } from 'd3-geo';
import { useMemo } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';
import type { MediaPlace } from '@family/contract';

const WIDTH = 960;
const HEIGHT = 500;

type WorldMapProps = {
  places: MediaPlace[];
  chosen: string | null;
  onChoose: (place: string) => void;
};

/**
 * Natural Earth's countries (world-atlas, 1:110 million) drawn as SVG with d3-geo, no tile server; one circle per
 * place, its area growing with its items, a button that lists them (docs/product.md "Places").
 */
export function WorldMap({ places, chosen, onChoose }: WorldMapProps) {
  const { land, projection } = useMemo(() => {
    const topology = countries110m as unknown as Topology<{ countries: GeometryCollection }>;
    const shapes = feature(topology, topology.objects.countries);
    const fitted = geoNaturalEarth1().fitSize([WIDTH, HEIGHT], shapes);
    return { land: geoPath(fitted)(shapes) ?? '', projection: fitted };
  }, []);
  const most = Math.max(1, ...places.map((place) => place.count));
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="group"
      aria-label="World map of places"
      sx={{ width: '100%', height: 'auto', display: 'block', bgcolor: '#e8f1f4', borderRadius: '8px' }}
    >
      <path d={land} fill="#d9d4c7" stroke="#8a8577" strokeWidth={0.5} />
      {places.map((place) => {
        const point = projection([place.longitude, place.latitude]);
        if (!point) return null;
        const radius = 5 + 13 * Math.sqrt(place.count / most);
        const selected = place.place === chosen;
        return (
          <g
            key={place.place}
            role="button"
            tabIndex={0}
            aria-label={`${place.place}, ${place.count} ${place.count === 1 ? 'item' : 'items'}`}
            aria-pressed={selected}
            onClick={() => onChoose(place.place)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                onChoose(place.place);
              }
            }}
            style={{ cursor: 'pointer' }}
          >
            {/* A target of 44 px at the map's full width, drawn transparent around the circle. */}
            <circle cx={point[0]} cy={point[1]} r={Math.max(radius, 22)} fill="transparent" />
            <circle
              cx={point[0]}
              cy={point[1]}
              r={radius}
              fill={selected ? '#1f4145' : '#2f6f75'}
              fillOpacity={0.85}
              stroke="#fff"
              strokeWidth={1.5}
            />
            <text x={point[0]} y={point[1] + 4} textAnchor="middle" fontSize={11} fill="#fff" aria-hidden>
              {place.count}
            </text>
          </g>
        );
      })}
    </Box>
  );
}
