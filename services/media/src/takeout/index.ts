// The one way into takeout from the rest of media (eslint.config.mjs holds it).
export { TakeoutModule } from './takeout.module';
