/**
 * The coach's routes under /coach (issue 19), loaded with the first coach screen so the portal's first
 * chunk carries only the one /coach/* route: the coach's shell around home, calendar, groups, a group
 * (settings and sessions), a session (roster and attendance), their comments and their profile. Each screen is its own chunk; the
 * calendar brings react-big-calendar along.
 */
import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import CoachLayout from './CoachLayout';

const CoachHomeScreen = lazy(() => import('./CoachHomeScreen'));
const CoachCalendarScreen = lazy(() => import('./CoachCalendarScreen'));
const CoachGroupsScreen = lazy(() => import('./CoachGroupsScreen'));
const CoachGroupScreen = lazy(() => import('./CoachGroupScreen'));
const CoachSessionScreen = lazy(() => import('./CoachSessionScreen'));
const CoachProfileScreen = lazy(() => import('./CoachProfileScreen'));
const CoachCommentsScreen = lazy(() => import('./CoachCommentsScreen'));
const NotFoundScreen = lazy(() => import('../NotFoundScreen'));

export default function CoachRoutes() {
  return (
    <Routes>
      <Route element={<CoachLayout />}>
        <Route index element={<CoachHomeScreen />} />
        <Route path="calendar" element={<CoachCalendarScreen />} />
        <Route path="groups" element={<CoachGroupsScreen />} />
        <Route path="groups/:groupId" element={<CoachGroupScreen />} />
        <Route path="groups/:groupId/sessions/:sessionId" element={<CoachSessionScreen />} />
        <Route path="comments" element={<CoachCommentsScreen />} />
        <Route path="profile" element={<CoachProfileScreen />} />
      </Route>
      <Route path="*" element={<NotFoundScreen />} />
    </Routes>
  );
}
