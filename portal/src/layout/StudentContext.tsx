/** The signed-in student's record (GET /api/students/{id}), loaded once by the layout and shared by the screens. */
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useApi, useSession } from '../components/PortalContext';
import { describeError, type ErrorView } from '../lib/errors';
import type { Student } from '../lib/api';
import { asLanguage } from '../lib/session';

export interface StudentState {
  student: Student | null;
  loading: boolean;
  error: ErrorView | null;
  /** After a save: the record the server answered. */
  setStudent(student: Student): void;
  reload(): void;
}

const StudentContext = createContext<StudentState | null>(null);

export function StudentProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const studentId = useSession()?.studentId;
  const [student, setStudentState] = useState<Student | null>(null);
  const [loading, setLoading] = useState(Boolean(studentId));
  const [error, setError] = useState<ErrorView | null>(null);
  const [version, setVersion] = useState(0);

  const setStudent = useCallback(
    (next: Student) => {
      setStudentState(next);
      // The app bar reads the session: keep its name, email and language in step with the record.
      const p = next.personalInfo;
      const current = api.store.get();
      const patch = {
        firstName: p.firstName,
        lastName: p.lastName,
        fullName: `${p.firstName} ${p.lastName}`.trim(),
        email: next.user.email,
        language: asLanguage(next.languageIso2LetterCode) ?? current?.language,
      };
      if (current && (Object.keys(patch) as Array<keyof typeof patch>).some((key) => current[key] !== patch[key])) api.store.update(patch);
    },
    [api],
  );

  useEffect(() => {
    if (!studentId) {
      setLoading(false);
      return;
    }
    let live = true;
    setLoading(true);
    setError(null);
    api.getStudent(studentId).then(
      (record) => {
        if (!live) return;
        setStudent(record);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!live) return;
        setError(describeError(failure));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [api, studentId, version, setStudent]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return <StudentContext.Provider value={{ student, loading, error, setStudent, reload }}>{children}</StudentContext.Provider>;
}

export function useStudent(): StudentState {
  const context = useContext(StudentContext);
  if (!context) throw new Error('useStudent outside StudentProvider');
  return context;
}
