import { NavLink } from 'react-router';
import { SectionIcon } from './section-icons';
import { SECTIONS } from './sections';

/**
 * Real links: each section is a URL, so middle-click, back/forward and "reopen where I was" all work. Below 900 px
 * the bar narrows to its icons (styles/layout.css); each label then shows beside its icon on hover or focus and
 * stays the link's name.
 */
export function Navigation() {
  return (
    <nav className="nav" aria-label="Sections">
      <ul>
        {SECTIONS.map((section) => (
          <li key={section.path}>
            <NavLink className="nav-item" to={section.path}>
              <SectionIcon path={section.path} />
              <span className="nav-label">{section.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
