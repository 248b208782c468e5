import { Link } from '../../shared/links/link';

interface AuthSwitchProps {
  prompt: string;
  to: string;
  action: string;
}

/** "New to Episodic? Create an account" style line under an account form. */
export function AuthSwitch({ prompt, to, action }: AuthSwitchProps) {
  return (
    <p className="text-sm text-fg-muted">
      {prompt}{' '}
      <Link to={to} className="font-semibold text-accent hover:underline">
        {action}
      </Link>
    </p>
  );
}
