import {
  type ArgumentMetadata,
  BadRequestException,
  Injectable,
  PipeTransform,
  ValidationError,
  ValidationPipe,
} from '@nestjs/common';
import { inputProblem, MAX_ID } from '../request-input';

/** The first broken rule, as the sentence the DTO gives for it. */
function firstMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    const constraint = Object.values(error.constraints ?? {})[0];
    if (constraint) return constraint;
    const nested = error.children?.length ? firstMessage(error.children) : '';
    if (nested) return nested;
  }
  return 'The request is not valid.';
}

/** Refuses bodies and queries no DTO can take (text with NUL, absurd nesting) before the DTOs are built. */
class ArchiveValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' || metadata.type === 'query') {
      const problem = inputProblem(value);
      if (problem) throw new BadRequestException(problem);
    }
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new ArchiveValidationPipe({
    transform: true,
    whitelist: true,
    forbidUnknownValues: false,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new BadRequestException(firstMessage(errors)),
  });
}

let inputPipe: ValidationPipe | undefined;

/**
 * Checks input that does not arrive as a route's body or query (the form fields beside an uploaded file) with
 * the same pipe, so it gets the same transforms, whitelist and sentences; throws BadRequestException.
 */
export async function validateInput<T extends object>(metatype: new () => T, value: object): Promise<T> {
  inputPipe ??= createValidationPipe();
  return (await inputPipe.transform(value, { type: 'body', metatype })) as T;
}

/** A positive integer id from the path, at most MAX_ID (ids are Postgres ints); anything else is a 400 with a sentence. */
@Injectable()
export class ParseIdPipe implements PipeTransform<string | number, number> {
  // The global validation pipe may already have turned the text into a number (NaN for "abc").
  transform(value: string | number): number {
    const id = typeof value === 'number' ? value : /^\d{1,15}$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(id) || id < 1)
      throw new BadRequestException('The id in the address must be a whole number.');
    if (id > MAX_ID) throw new BadRequestException('The id in the address is too large: nothing has an id that big.');
    return id;
  }
}
