import { IsIn, IsOptional, IsString } from 'class-validator';

/** GET /api/media/{id}/file */
export class FileQuery {
  /** `1` or `true`: as an attachment under the original's name. */
  @IsOptional()
  @IsString({ message: 'download must be 1 or true' })
  download?: string;

  /** `still` (the default) or `motion`: a Live Photo's MOV. */
  @IsOptional()
  @IsIn(['still', 'motion'], { message: 'part must be still or motion' })
  part?: 'still' | 'motion';
}
