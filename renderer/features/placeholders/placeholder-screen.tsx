import { PageHeader } from '../../components/page-header';
import type { SectionId } from '../../app/sections';

type PlannedId = Exclude<SectionId, 'segments' | 'connections'>;

const PLANNED: Record<PlannedId, { title: string; summary: string; bullets: string[] }> = {
  events: {
    title: 'Events',
    summary: 'Browse and search the instance event log.',
    bullets: ['Filter by type, project, feature and date', 'Free-text search', 'Fast scrolling through large logs'],
  },
  strategyTypes: {
    title: 'Strategy types',
    summary: 'Review and edit custom activation strategy types.',
    bullets: ['List built-in and custom types', 'Edit a custom type\'s description and parameters'],
  },
  archive: {
    title: 'Archive check',
    summary: 'See what archiving a set of flags would affect before you do it.',
    bullets: ['Parents whose children would be left orphaned', 'Whether dependencies would be deleted', 'Choose flags per project'],
  },
  cors: {
    title: 'CORS',
    summary: 'Manage the origins allowed to call the Frontend API.',
    bullets: ['Add and remove origins', 'Origin validation before saving', 'Allow every origin with *'],
  },
};

export function PlaceholderScreen({ id }: { id: PlannedId }) {
  const planned = PLANNED[id];
  return (
    <section aria-label={planned.title}>
      <PageHeader title={planned.title} description={planned.summary} />
      <div className="card placeholder">
        <p className="badge badge-planned">Coming in a later release</p>
        <h2 className="card-title">
          This screen is planned, not yet built
        </h2>
        <p>It will let you:</p>
        <ul className="placeholder-list">
          {planned.bullets.map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </ul>
        <p className="muted">Segments and Connections are available now.</p>
      </div>
    </section>
  );
}
