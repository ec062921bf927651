import { OperatorPage } from '../../features/operator/components/operator-page';

export default function AdminRoute() {
  return <OperatorPage />;
}
