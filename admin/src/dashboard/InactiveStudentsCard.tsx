import PersonOffIcon from '@mui/icons-material/PersonOff';
import { CountCard } from './CountCard';

/** Students whose active flag is off. */
export function InactiveStudentsCard() {
  return <CountCard resource="students" filter={{ active: false }} title="dashboard.cards.inactive_students" icon={<PersonOffIcon />} color="text.disabled" />;
}
