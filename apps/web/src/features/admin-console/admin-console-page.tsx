import type { AuthUser } from '@shabaash/core';
import { ShieldCheck, ShieldX } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { Badge } from '../../components/ui/badge';
import { buttonStyles } from '../../components/ui/button';
import { Tabs, type TabItem } from '../../components/ui/tabs';
import { LogoutButton } from '../auth/logout-button';
import { RequireSession } from '../auth/require-session';
import { DashboardMessage } from '../dashboard/components/dashboard-message';
import { DashboardShell } from '../dashboard/components/dashboard-shell';
import type { InboxLead } from './admin-console.api';
import { ADMIN_TEXT } from './admin-console.constants';
import { PlanPurchasesPanel } from '../plans/admin-plans';
import { AuditPanel } from './audit-panel';
import { BackupProblemBanner, BackupsPanel } from './backups-panel';
import { BACKUPS_TEXT } from './backups.constants';
import { InboxPanel } from './inbox-panel';
import { prefillFromLead, type StreamerPrefill } from './lead-to-streamer';
import { SitePanel } from './site-panel';
import { StreamersPanel } from './streamers-panel';
import { YOUTUBE_QUOTA_TEXT, YoutubeQuotaPanel } from './youtube-quota-panel';
import { PrivacyPanel } from '../privacy/privacy-panel';
import { PRIVACY_PANEL_TEXT } from '../privacy/privacy-panel.constants';

type Section =
  'streamers' | 'inbox' | 'site' | 'audit' | 'plans' | 'backups' | 'youtube' | 'privacy';

/** The section tabs, made in render so they read the labels in the admin's language. */
const sectionItems = (): Array<TabItem<Section>> => [
  { value: 'streamers', label: ADMIN_TEXT.streamersTab },
  { value: 'inbox', label: ADMIN_TEXT.inboxTab },
  { value: 'site', label: ADMIN_TEXT.siteTab },
  { value: 'audit', label: ADMIN_TEXT.auditTab },
  { value: 'plans', label: ADMIN_TEXT.plansTab },
  { value: 'backups', label: BACKUPS_TEXT.tab },
  { value: 'youtube', label: YOUTUBE_QUOTA_TEXT.tab },
  { value: 'privacy', label: PRIVACY_PANEL_TEXT.tab },
];

/**
 * /dashboard/admin (issue 10): site admins only. The server refuses every admin API to anyone
 * else; this page only mirrors that with a clear message.
 */
export function AdminConsolePage() {
  return <RequireSession>{(session) => <AdminConsole user={session.user} />}</RequireSession>;
}

function AdminConsole({ user }: { user: AuthUser }) {
  const [section, setSection] = useState<Section>('streamers');
  const [prefill, setPrefill] = useState<StreamerPrefill | null>(null);

  if (user.role !== 'admin') {
    return (
      <DashboardMessage
        icon={ShieldX}
        title={ADMIN_TEXT.notAdminTitle}
        description={ADMIN_TEXT.notAdminText}
      >
        <Link to="/dashboard" className={buttonStyles()}>
          {ADMIN_TEXT.backToDashboards}
        </Link>
      </DashboardMessage>
    );
  }

  const handleCreateFromLead = (lead: InboxLead) => {
    setPrefill(prefillFromLead(lead));
    setSection('streamers');
  };

  return (
    <DashboardShell>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col items-start gap-2">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {ADMIN_TEXT.title}
          </h1>
          <Badge variant="brand">
            <ShieldCheck aria-hidden="true" className="size-3.5" />
            <span translate="no">{user.email}</span>
          </Badge>
          <p className="text-slate-600">{ADMIN_TEXT.description}</p>
        </div>
        <LogoutButton className="self-start sm:self-auto" />
      </header>
      <BackupProblemBanner onOpen={() => setSection('backups')} />
      <Tabs
        items={sectionItems()}
        value={section}
        onChange={setSection}
        label={ADMIN_TEXT.sectionsLabel}
      >
        {section === 'streamers' && (
          <StreamersPanel prefill={prefill} onClearPrefill={() => setPrefill(null)} />
        )}
        {section === 'inbox' && <InboxPanel onCreateFromLead={handleCreateFromLead} />}
        {section === 'site' && <SitePanel />}
        {section === 'audit' && <AuditPanel />}
        {section === 'backups' && <BackupsPanel />}
        {section === 'plans' && <PlanPurchasesPanel />}
        {section === 'youtube' && <YoutubeQuotaPanel />}
        {section === 'privacy' && <PrivacyPanel />}
      </Tabs>
    </DashboardShell>
  );
}
