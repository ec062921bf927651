#!/usr/bin/env node
// `npm run bench:faces`: the quality and speed of face suggestions (docs/architecture.md "Faces") on the real photos
// of /work/shared/faces (FACES_DIR), with the built detector and suggestion code (`npm run build` first).
// One photo per person is named (the solo photo `<person>-1.jpg`, its largest face); every face of every other
// photo is then given its suggestion, as GET /api/media/{id}/faces does. labels.json says who is on each photo,
// without boxes, so a suggestion counts as right when its person is labelled on that photo (a person is suggested
// for one face of a photo at most); recall is over the labelled (photo, person) pairs of the people named.
// Then the right suggestions are accepted once (named) and the rest suggested again. Prints the table and exits 0.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(path.join(root, 'services', 'media', 'package.json'));
require('reflect-metadata');
const { FaceDetector } = require('./dist/faces/face-detector.js');
const { readFacePicture } = require('./dist/faces/face-picture.js');
const { nearestPeople, suggest } = require('./dist/faces/face-suggestions.js');

const dir = process.env.FACES_DIR ?? '/work/shared/faces';
const labels = JSON.parse(fs.readFileSync(path.join(dir, 'labels.json'), 'utf8'));
const slugOf = (file) => file.replace(/-\d+\.jpg$/, '');

const detector = new FaceDetector();
const found = {};
const times = [];
let peakRss = 0;
for (const file of Object.keys(labels)) {
  const started = performance.now();
  found[file] = await detector.detect(await readFacePicture(fs.readFileSync(path.join(dir, file))));
  times.push(performance.now() - started);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}

const named = [];
const namedFiles = new Set();
for (const file of Object.keys(labels)) {
  if (!/-1\.jpg$/.test(file) || file.startsWith('group') || file.startsWith('noface')) continue;
  if (found[file].length === 0) continue;
  const largest = found[file].reduce((a, b) => (a.sizePx >= b.sizePx ? a : b));
  named.push({ faceId: named.length + 1, personId: slugOf(file), descriptor: largest.descriptor });
  namedFiles.add(file);
}
const namedPeople = new Set(named.map((face) => face.personId));

/** One round of suggestions over every photo but the named ones: right, wrong, and the right ones to accept. */
function round(namedFaces) {
  let right = 0;
  let wrong = 0;
  const accepted = [];
  for (const file of Object.keys(labels)) {
    if (namedFiles.has(file)) continue;
    const faces = found[file].map((face, index) => ({ id: index, descriptor: face.descriptor }));
    const chosen = suggest(nearestPeople(faces, namedFaces, []), () => true, new Set());
    for (const candidate of chosen.values()) {
      if (labels[file].includes(candidate.personId)) {
        right += 1;
        accepted.push({
          faceId: `${file}:${candidate.faceId}`,
          personId: candidate.personId,
          descriptor: faces[candidate.faceId].descriptor,
        });
      } else wrong += 1;
    }
  }
  return { right, wrong, accepted };
}

const pairs = Object.keys(labels)
  .filter((file) => !namedFiles.has(file))
  .reduce((sum, file) => sum + labels[file].filter((person) => namedPeople.has(person)).length, 0);
const first = round(named);
const second = round([...named, ...first.accepted]);
const percent = (value) => `${(value * 100).toFixed(1)} %`;
const facesOnNoFace = Object.keys(labels).filter((file) => labels[file].length === 0 && found[file].length > 0);
const missed = Object.keys(labels).filter((file) => found[file].length < labels[file].length);
const sorted = [...times].sort((a, b) => a - b);
console.log(`Photos: ${Object.keys(labels).length}; people named: ${named.length}; labelled pairs to find: ${pairs}`);
console.log(
  `Photos with fewer faces than labelled: ${missed.join(', ') || 'none'}; faces on no-face photos: ${facesOnNoFace.join(', ') || 'none'}`,
);
console.log(
  `One named photo per person: precision ${percent(first.right / (first.right + first.wrong))} (${first.right} right, ${first.wrong} wrong), recall ${percent(first.right / pairs)} (target: precision >= 95 %, recall >= 70 %)`,
);
console.log(
  `After accepting the right suggestions once: precision ${percent(second.right / (second.right + second.wrong))}, recall ${percent(second.right / pairs)} (target: recall >= 85 %)`,
);
console.log(
  `Detection per photo (1024 px, one core): median ${Math.round(sorted[sorted.length >> 1])} ms, slowest ${Math.round(sorted[sorted.length - 1])} ms; peak RSS ${Math.round(peakRss / 1048576)} MB`,
);
