export * from './config';
export * from './directory-client';
export * from './http-error';
export * from './identity-token';
export * from './internal-client';
export * from './service-names';
export * from './calendar-date';
export * from './transforms';
