import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from './dataProvider';

/** The data provider with its typed extra methods (status changes, saved filters, raw calls). */
export const useAppDataProvider = () => useDataProvider<AppDataProvider>();
