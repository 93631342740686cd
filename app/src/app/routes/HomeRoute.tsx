import { LoginForm } from '../../features/auth/components/LoginForm';
import { HomePage } from '../../features/home/components/HomePage';
import { MyApplications } from '../../features/requests/components/MyApplications';

/** Inicio, composed here because it shows two other features: the citizen's requests or the login form. */
export function HomeRoute() {
  return <HomePage signedIn={<MyApplications />} anonymous={<LoginForm />} />;
}
