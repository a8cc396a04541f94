import { PageHeader } from './page-header';

interface Props {
  title: string;
  summary: string;
  bullets: readonly string[];
}

/** A section that is routed but not built yet: says what it will do. The area's helper replaces it. */
export function PlaceholderScreen({ title, summary, bullets }: Props) {
  return (
    <section aria-label={title}>
      <PageHeader title={title} description={summary} />
      <div className="card placeholder">
        <p className="badge badge-planned">Coming in a later release</p>
        <h2 className="card-title">This screen is planned, not yet built</h2>
        <p>It will let you:</p>
        <ul className="placeholder-list">
          {bullets.map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
