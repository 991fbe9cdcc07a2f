import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNotify, usePermissions, useTranslate } from 'react-admin';
import { hasPermission } from '../../../../models/permissions';
import { isExportInProgress } from '../../../../domain/state/exports';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { exportsApi, type ExportRecord } from './exportsApi';

/**
 * The signed-in person's exports for the Downloads panel and its badge: read when the console opens,
 * then every `POLL_MS` while one is waiting or running (and at once after an Export button asks for
 * one). An export that becomes COMPLETED or FAILED while watched is announced once.
 */
export const POLL_MS = 1500;

interface DownloadsState {
  exports: ExportRecord[];
  running: number;
  open: boolean;
  setOpen(open: boolean): void;
  /** Reads the list again (after asking for an export or a retry); `show` opens the panel. */
  refresh(show?: boolean): Promise<void>;
}

const Ctx = createContext<DownloadsState>({ exports: [], running: 0, open: false, setOpen: () => undefined, refresh: async () => undefined });

export const useDownloads = () => useContext(Ctx);

export function DownloadsProvider({ children }: { children: ReactNode }) {
  const dataProvider = useAppDataProvider();
  const api = useMemo(() => exportsApi(dataProvider), [dataProvider]);
  const notify = useNotify();
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const allowed = Array.isArray(permissions) && hasPermission(permissions, 'exports:read');
  const [exports, setExports] = useState<ExportRecord[]>([]);
  const [open, setOpen] = useState(false);
  const seen = useRef<Map<number, string> | null>(null);

  const refresh = useCallback(
    async (show = false) => {
      if (show) setOpen(true);
      if (!allowed) return;
      let rows: ExportRecord[];
      try {
        rows = await api.list();
      } catch {
        return;
      }
      const before = seen.current;
      if (before) {
        for (const e of rows) {
          const was = before.get(e.id);
          if (was === undefined || was === e.status || !isExportInProgress({ status: was })) continue;
          const name = translate(`enums.FileExportType.${e.type}`, { _: e.type });
          if (e.status === 'COMPLETED') notify('downloads.ready', { type: 'success', messageArgs: { name } });
          if (e.status === 'FAILED') notify('downloads.failed', { type: 'error', messageArgs: { name } });
        }
      }
      seen.current = new Map(rows.map((e) => [e.id, e.status]));
      setExports(rows);
    },
    [allowed, api, notify, translate],
  );

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const running = exports.filter(isExportInProgress).length;
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [running, refresh]);

  const value = useMemo(() => ({ exports, running, open, setOpen, refresh }), [exports, running, open, refresh]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}
