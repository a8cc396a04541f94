import { NavLink } from 'react-router';
import { SECTIONS } from './sections';

/** Real links: each section is a URL, so middle-click, back/forward and "reopen where I was" all work. */
export function Navigation() {
  return (
    <nav className="nav" aria-label="Sections">
      <ul>
        {SECTIONS.map((section) => (
          <li key={section.path}>
            <NavLink className="nav-item" to={section.path}>
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
