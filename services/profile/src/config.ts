import { ServiceConfig } from '@family/shared';

export class ProfileConfig extends ServiceConfig {}
