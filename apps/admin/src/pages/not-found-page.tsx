import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <section>
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p className="mt-2 text-zinc-600">This console page does not exist.</p>
      <Link to="/" className="mt-4 inline-block font-medium text-orange-700 hover:underline">
        Go to the dashboard
      </Link>
    </section>
  );
}
