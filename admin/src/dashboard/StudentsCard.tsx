import SchoolIcon from '@mui/icons-material/School';
import { CountCard } from './CountCard';

/** Every student (not archived). */
export function StudentsCard() {
  return <CountCard resource="students" title="dashboard.cards.students" icon={<SchoolIcon />} />;
}
