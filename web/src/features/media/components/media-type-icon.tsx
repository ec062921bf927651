import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import AudiotrackOutlinedIcon from '@mui/icons-material/AudiotrackOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import PhotoOutlinedIcon from '@mui/icons-material/PhotoOutlined';
import VideocamOutlinedIcon from '@mui/icons-material/VideocamOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { MediaType } from '@family/contract';
import { MEDIA_TYPE_OPTIONS } from '../types';

const ICONS = {
  photo: PhotoOutlinedIcon,
  video: VideocamOutlinedIcon,
  audio: AudiotrackOutlinedIcon,
  document: DescriptionOutlinedIcon,
  post: ArticleOutlinedIcon,
} as const;

export function mediaTypeLabel(type: MediaType): string {
  return MEDIA_TYPE_OPTIONS.find((t) => t.value === type)?.label ?? type;
}

/** The icon of a media type, named for screen readers ("Photo", "Video", ...) unless it is only decoration. */
export function MediaTypeIcon({
  type,
  decorative = false,
  ...props
}: { type: MediaType; decorative?: boolean } & SvgIconProps) {
  const Icon = ICONS[type] ?? DescriptionOutlinedIcon;
  return decorative ? <Icon aria-hidden {...props} /> : <Icon titleAccess={mediaTypeLabel(type)} {...props} />;
}
