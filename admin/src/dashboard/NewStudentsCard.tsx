import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { CountCard } from './CountCard';
import { daysAgo } from './listLink';

/** Students created in the last 30 days (criteria createdAt.from). */
export function NewStudentsCard() {
  return (
    <CountCard
      resource="students"
      filter={{ createdAt: { from: daysAgo(30) } }}
      title="dashboard.cards.new_students"
      subtitle="dashboard.cards.last_30_days"
      icon={<PersonAddIcon />}
      color="success.main"
    />
  );
}
