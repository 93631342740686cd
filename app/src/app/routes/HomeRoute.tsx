import { LoginForm } from '../../features/auth/components/LoginForm';
import { HomePage } from '../../features/home/components/HomePage';
import { lazyPage } from '../lazyPage';

// Signed-in only, and it brings Mantine's Modal (the delete confirmation): not in the visitor's first load.
const MyApplications = lazyPage(() => import('../../features/requests/components/MyApplications'), 'MyApplications');

/** Inicio, composed here because it shows two other features: the citizen's requests or the login form. */
export function HomeRoute() {
  return <HomePage signedIn={<MyApplications />} anonymous={<LoginForm />} />;
}
