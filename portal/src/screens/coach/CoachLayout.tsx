/** The coach's signed-in area (issue 19): the portal's shell with the coach's menu around the coach's screens. */
import { CoachShell } from '../../layout/PortalLayout';
import { CoachProvider } from './CoachContext';

export default function CoachLayout() {
  return (
    <CoachProvider>
      <CoachShell />
    </CoachProvider>
  );
}
