export * from './job-leases';
export * from './job-queue';
