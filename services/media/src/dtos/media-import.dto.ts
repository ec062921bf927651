import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, Min } from 'class-validator';
import { IsId } from '@family/shared';

/** POST /internal/media/imports?uploadedBy=&tags=: who the item is uploaded as, and who it shows. */
export class MediaImportQuery {
  @Transform(({ value }) => Number(value))
  @IsId({ message: 'uploadedBy must be a person id' })
  uploadedBy!: number;

  @Transform(({ value }) =>
    typeof value === 'string' && value.trim() !== '' ? value.split(',').map((id) => Number(id.trim())) : [],
  )
  @IsArray()
  @ArrayMaxSize(200, { message: 'At most 200 people are tagged at once' })
  @IsInt({ each: true, message: 'tags must be person ids' })
  @Min(1, { each: true, message: 'tags must be person ids' })
  tags!: number[];
}
