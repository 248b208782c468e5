import { Link } from 'react-router';
import { OPERATOR_ROLE_NAMES, type OperatorRole } from '@episodic/contract/constants';
import { PageHeader } from '../shared/ui';

/** What an operator sees on a section their role does not include (opened by its address). */
export function NoAccessPage({ role, home }: { role: OperatorRole; home: string }) {
  return (
    <section>
      <PageHeader title="You don't have access" />
      <p className="max-w-2xl text-zinc-600">
        This part of the console is not included in your role ({OPERATOR_ROLE_NAMES[role]}). If you need it, ask an
        owner to change your role on the Team page.
      </p>
      <Link to={home} className="mt-4 inline-block font-medium text-orange-700 hover:underline">
        Go to your console start page
      </Link>
    </section>
  );
}
