import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import { CountCard } from './CountCard';

/** Customers who have not become students yet (criteria isStudent=false). */
export function ProspectsCard() {
  return (
    <CountCard
      resource="customers"
      filter={{ isStudent: false }}
      title="dashboard.cards.prospects"
      subtitle="dashboard.cards.prospects_hint"
      icon={<PersonSearchIcon />}
      color="info.main"
    />
  );
}
