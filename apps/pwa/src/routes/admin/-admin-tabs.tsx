import { EDITOR_ROLES, accountsLinkFor, hasRole, type SessionUser } from '@judging/shared-types';
import { ScrollArea } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import { HrefAnchor } from '../../routing/links.tsx';
import classes from './-admin-tabs.module.css';

interface AdminTab {
  label: string;
  href: string;
  /** Child routes (first path segment under /admin) that belong to the tab. */
  sections: readonly string[];
}

function adminTabsFor(user: SessionUser): readonly AdminTab[] {
  return [
    {
      label: 'Dashboard & Events',
      href: '/admin/manage-events',
      sections: [
        'manage-events',
        'event-detail',
        'category-detail',
        'event-run',
        'school-penalties',
        'school-penalties-list',
        'results-overall',
        'results-section',
        'results-team',
      ],
    },
    { label: 'Judges', href: '/admin/manage-judges', sections: ['manage-judges'] },
    { label: 'Schools', href: '/admin/manage-schools', sections: ['manage-schools', 'school-detail'] },
    { label: 'Criteria', href: '/admin/manage-sections', sections: ['manage-sections', 'section-detail'] },
    { label: 'Accounts', href: accountsLinkFor(user), sections: ['manage-accounts', 'account-detail'] },
    // Public requests: ULTRA/SUPER (every state) and ADMIN (own state); not STANDARD.
    ...(hasRole(user.role, EDITOR_ROLES) ? [{ label: 'Inbox', href: '/admin/inbox', sections: ['inbox'] }] : []),
  ];
}

/** The admin area's section links, drawn as tabs. */
export function AdminTabs({ user }: { user: SessionUser }) {
  const tabs = adminTabsFor(user);
  // The active tab, not the path: moving between pages of one tab (an event's run to its
  // results) leaves the tabs as they are instead of drawing them again.
  const activeLabel = useLocation({
    select: (location) => {
      const section = location.pathname.split('/')[2] ?? '';
      return tabs.find((tab) => tab.sections.includes(section))?.label;
    },
  });
  return (
    <ScrollArea type="never" mt="md">
      <nav aria-label="Admin sections" className={classes.tabs}>
        {tabs.map((tab) => {
          const isActive = tab.label === activeLabel;
          return (
            <HrefAnchor
              key={tab.label}
              href={tab.href}
              className={classes.tab}
              data-active={isActive || undefined}
              aria-current={isActive ? 'page' : undefined}
              underline="never"
            >
              {tab.label}
            </HrefAnchor>
          );
        })}
      </nav>
    </ScrollArea>
  );
}
