import PeopleIcon from '@mui/icons-material/People';
import { CountCard } from './CountCard';

/** Every learner account (customers include students). */
export function CustomersCard() {
  return <CountCard resource="customers" title="dashboard.cards.customers" icon={<PeopleIcon />} color="secondary.main" />;
}
