import { SECTIONS, type SectionId } from './sections';

interface Props {
  current: SectionId;
  onSelect: (id: SectionId) => void;
}

export function Navigation({ current, onSelect }: Props) {
  return (
    <nav className="nav" aria-label="Sections">
      <ul>
        {SECTIONS.map((section) => (
          <li key={section.id}>
            <button
              type="button"
              className="nav-item"
              aria-current={section.id === current ? 'page' : undefined}
              onClick={() => onSelect(section.id)}
            >
              {section.label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
