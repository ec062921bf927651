import { IsIn, IsOptional } from 'class-validator';
import { WorkerConfig } from '@family/shared';
import { WithStorageConfig } from '@family/shared/storage';
import type { FacesSwitch } from './faces-jobs';

const FACES_MESSAGE = 'FACES must be on or off';

// A mixin's base must be typed with a single `any[]` rest parameter (TS2545).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ConfigConstructor = new (...args: any[]) => object;

/** `FACES` (on by default): read by the media worker, which queues faces jobs, and by the faces worker. */
export function WithFacesSwitch<TBase extends ConfigConstructor>(Base: TBase) {
  class FacesSwitchConfig extends Base {
    @IsOptional()
    @IsIn(['on', 'off'], { message: FACES_MESSAGE })
    FACES: FacesSwitch = 'on';
  }
  return FacesSwitchConfig;
}

/** The faces worker: the media database (faces, the queue) and storage (the pictures), no port. */
export class FacesWorkerConfig extends WithFacesSwitch(WithStorageConfig(WorkerConfig)) {}
