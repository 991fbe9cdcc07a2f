import type { Application } from '../../lib/enrollment-api';
import type { StepKey } from './steps';

/** What the flow screen gives each step. */
export interface StepProps {
  application: Application;
  /** After a write that answered the application. */
  setApplication(application: Application): void;
  reloadApplication(): Promise<void>;
  goTo(step: StepKey): void;
}
