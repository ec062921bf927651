import { BadRequestException, Injectable, PipeTransform, ValidationError, ValidationPipe } from '@nestjs/common';

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

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidUnknownValues: false,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new BadRequestException(firstMessage(errors)),
  });
}

/** A positive integer id from the path; anything else is a 400 with a plain sentence. */
@Injectable()
export class ParseIdPipe implements PipeTransform<string | number, number> {
  // The global validation pipe may already have turned the text into a number (NaN for "abc").
  transform(value: string | number): number {
    const id = typeof value === 'number' ? value : /^\d{1,15}$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(id) || id < 1)
      throw new BadRequestException('The id in the address must be a whole number.');
    return id;
  }
}
