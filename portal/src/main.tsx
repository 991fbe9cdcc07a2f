import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { PortalApp } from './App';
import { createPortalApi } from './lib/api';
import { billingApi } from './lib/billing-api';
import { enrollmentApi } from './lib/enrollment-api';

const api = createPortalApi();

// A signed-in student opening the portal lands on home: its code and its first answers are asked for
// now, beside the portal's own start, instead of one after the other (docs/benchmarks.md "Browser").
const studentId = api.store.get()?.studentId;
if (studentId && ['/', '/login', '/home'].includes(window.location.pathname)) {
  void import('./layout/PortalLayout');
  void import('./screens/HomeScreen');
  api.http.prefetch(() => {
    void api.getStudent(studentId);
    void billingApi(api.http).studentPlans(studentId);
    void enrollmentApi(api.http).listApplications();
  });
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <PortalApp api={api} />
    </BrowserRouter>
  </StrictMode>,
);
