/**
 * The ffmpeg filters that turn a video frame into what a browser shows, shared by the poster and the playback
 * file: deinterlaced (camcorders), square pixels, long edge within a limit and even (H.264 needs it), and HDR
 * tone-mapped to ordinary (SDR) colours. ffmpeg applies a phone's rotation itself before these run.
 */
import type { MediaProbe } from './probe';

/** Tone mapping from HLG/PQ to BT.709 (zscale is in the bundled ffmpeg and in Debian's). */
const HDR_TO_SDR = [
  'zscale=t=linear:npl=100',
  'format=gbrpf32le',
  'zscale=p=bt709',
  'tonemap=tonemap=hable:desat=0',
  'zscale=t=bt709:m=bt709:r=tv',
].join(',');

export function videoFilters(
  probe: Pick<MediaProbe, 'interlaced' | 'hdr'>,
  maxEdge: number,
  pixelFormat = 'yuv420p',
): string {
  // iw*sar is the width in square pixels; the factor keeps the long edge within maxEdge, never enlarging.
  // The quotes keep the expressions' commas from splitting the filter chain.
  const factor = `min(1,${maxEdge}/max(iw*sar,ih))`;
  const filters = [
    // Deinterlace only the frames marked interlaced (mode 0, field order from the stream).
    ...(probe.interlaced ? ['yadif=0:-1:1'] : []),
    `scale=w='max(2,trunc(iw*sar*${factor}/2)*2)':h='max(2,trunc(ih*${factor}/2)*2)'`,
    'setsar=1',
    ...(probe.hdr ? [HDR_TO_SDR] : []),
    `format=${pixelFormat}`,
  ];
  return filters.join(',');
}
