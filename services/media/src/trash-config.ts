import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { DEFAULT_TRASH_DAYS } from '@family/contract';

const TRASH_DAYS_MESSAGE = 'TRASH_DAYS must be a whole number of days from 1 to 3650';

// A mixin's base must be typed with a single `any[]` rest parameter (TS2545).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ConfigConstructor = new (...args: any[]) => object;

/**
 * How long a deleted item stays in the trash (docs/product.md "Trash"): the service says when each item will go,
 * the media worker purges it then, so both read the same variable.
 */
export function WithTrashDays<TBase extends ConfigConstructor>(Base: TBase) {
  class TrashConfig extends Base {
    @IsOptional()
    @Type(() => Number)
    @IsInt({ message: TRASH_DAYS_MESSAGE })
    @Min(1, { message: TRASH_DAYS_MESSAGE })
    @Max(3650, { message: TRASH_DAYS_MESSAGE })
    TRASH_DAYS: number = DEFAULT_TRASH_DAYS;
  }
  return TrashConfig;
}
