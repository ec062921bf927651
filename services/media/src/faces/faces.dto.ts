import { Type } from 'class-transformer';
import {
  IsDefined,
  IsNumber,
  IsObject,
  IsOptional,
  Matches,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import type { DrawFaceRequest, FaceBox, NameFaceRequest, RejectSuggestionRequest } from '@family/contract';
import { IsId } from '@family/shared';

const BOX_MESSAGE = 'A face box is x, y, width and height between 0 and 1 of the picture';

export class FaceBoxDto implements FaceBox {
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: BOX_MESSAGE })
  @Min(0, { message: BOX_MESSAGE })
  @Max(1, { message: BOX_MESSAGE })
  x!: number;

  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: BOX_MESSAGE })
  @Min(0, { message: BOX_MESSAGE })
  @Max(1, { message: BOX_MESSAGE })
  y!: number;

  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: BOX_MESSAGE })
  @Min(0, { message: BOX_MESSAGE })
  @Max(1, { message: BOX_MESSAGE })
  width!: number;

  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: BOX_MESSAGE })
  @Min(0, { message: BOX_MESSAGE })
  @Max(1, { message: BOX_MESSAGE })
  height!: number;
}

/** PATCH /api/faces/{id} */
export class NameFaceDto implements NameFaceRequest {
  @ValidateIf((_, value) => value !== null)
  @IsId({ message: 'Please choose a person, or null to take the name off' })
  @IsDefined({ message: 'Please choose a person, or null to take the name off' })
  personId!: number | null;
}

/** POST /api/media/{id}/faces */
export class DrawFaceDto implements DrawFaceRequest {
  @ValidateNested()
  @Type(() => FaceBoxDto)
  @IsObject({ message: 'Please draw a box around the face' })
  box!: FaceBoxDto;

  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsId({ message: 'Please choose a person, or null to leave the face unnamed' })
  personId: number | null = null;
}

/** POST /api/faces/{id}/reject */
export class RejectSuggestionDto implements RejectSuggestionRequest {
  @IsId({ message: 'Please say which person this face is not' })
  personId!: number;
}

/** GET /api/faces/groups?cursor= */
export class FaceGroupsQueryDto {
  @IsOptional()
  @Matches(/^\d{1,6}$/, { message: 'This cursor is not one the archive gave out' })
  cursor?: string;
}
