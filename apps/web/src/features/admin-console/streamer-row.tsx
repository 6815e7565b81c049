import type { AdminStreamerSummary } from '@shabaash/core';
import { ExternalLink, LayoutDashboard } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '../../lib/lazy-toast';

import { Badge } from '../../components/ui/badge';
import { Button, buttonStyles } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { errorText } from '../../lib/api-error';
import { ADMIN_TEXT, adminDateFormat } from './admin-console.constants';
import { useAdminMutations } from './admin-console.queries';
import { AdminStreamerPlans } from '../plans/admin-plans';
import { InviteLink } from './invite-link';

/** One streamer in the console: status, members, invites, and what an admin can do to it. */
export function StreamerRow({ streamer }: { streamer: AdminStreamerSummary }) {
  const mutations = useAdminMutations();
  const [email, setEmail] = useState('');
  const [asAdmin, setAsAdmin] = useState(false);
  const [inviteUrl, setInviteUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { slug } = streamer;
  const onError = (error: unknown) => setProblem(errorText(error));

  const handleAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    setInviteUrl(null);
    mutations.addMember.mutate(
      { slug, request: { email: email.trim(), is_admin: asAdmin } },
      {
        onSuccess: (result) => {
          setEmail('');
          setInviteUrl(result.invite.url);
        },
        onError,
      },
    );
  };

  const handleActive = () => {
    if (streamer.is_active && !window.confirm(ADMIN_TEXT.confirmDeactivate(streamer.name))) return;
    mutations.setActive.mutate(
      { slug, isActive: !streamer.is_active },
      {
        onSuccess: ({ streamer: updated }) =>
          toast.success(updated.is_active ? ADMIN_TEXT.reactivated : ADMIN_TEXT.deactivated),
        onError,
      },
    );
  };

  return (
    <article
      data-admin-streamer={slug}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4"
    >
      <header className="flex flex-wrap items-center gap-3">
        <span
          aria-hidden="true"
          className="size-4 rounded-full ring-1 ring-slate-300"
          style={{ backgroundColor: streamer.brand_color }}
        />
        <h3 translate="no" className="text-base font-semibold text-slate-900">
          {streamer.name}
        </h3>
        <span translate="no" className="font-mono text-sm text-slate-500">
          /{slug}
        </span>
        <Badge variant={streamer.is_active ? 'success' : 'warning'}>
          {streamer.is_active ? ADMIN_TEXT.active : ADMIN_TEXT.inactive}
        </Badge>
        <div className="ml-auto flex flex-wrap gap-2">
          <Link
            to={`/dashboard/${encodeURIComponent(slug)}`}
            className={buttonStyles({ variant: 'outline', size: 'sm' })}
          >
            <LayoutDashboard aria-hidden="true" className="size-4" />
            {ADMIN_TEXT.openDashboard}
          </Link>
          <a
            href={`/${encodeURIComponent(slug)}`}
            target="_blank"
            rel="noreferrer"
            className={buttonStyles({ variant: 'ghost', size: 'sm' })}
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            {ADMIN_TEXT.openPage}
          </a>
          <Button
            variant={streamer.is_active ? 'ghost' : 'secondary'}
            size="sm"
            disabled={mutations.setActive.isPending}
            onClick={handleActive}
          >
            {streamer.is_active ? ADMIN_TEXT.deactivate : ADMIN_TEXT.reactivate}
          </Button>
        </div>
      </header>

      <div className="grid gap-4 sm:grid-cols-2">
        <section className="flex flex-col gap-2">
          <h4 className="text-sm font-medium text-slate-800">{ADMIN_TEXT.members}</h4>
          {streamer.members.length === 0 && streamer.pending_invites.length === 0 ? (
            <p className="text-sm text-slate-500">{ADMIN_TEXT.noMembers}</p>
          ) : (
            // Who accepted their invite, then who has a link not yet used.
            <ul className="flex flex-col gap-1 text-sm">
              {streamer.members.map((member) => (
                <li
                  key={member.email}
                  data-member-status="accepted"
                  className="flex items-center gap-2"
                >
                  <span translate="no" className="min-w-0 truncate">
                    {member.email}
                  </span>
                  <Badge variant="success">{ADMIN_TEXT.accepted}</Badge>
                  {member.is_admin && <Badge>{ADMIN_TEXT.adminMember}</Badge>}
                  <Button
                    variant="ghost"
                    size="sm"
                    className="ml-auto"
                    onClick={() =>
                      mutations.removeMember.mutate(
                        { slug, email: member.email },
                        { onSuccess: () => toast.success(ADMIN_TEXT.memberRemoved), onError },
                      )
                    }
                  >
                    {ADMIN_TEXT.removeMember}
                  </Button>
                </li>
              ))}
              {streamer.pending_invites.map((invite) => (
                <li
                  key={invite.id}
                  data-member-status="pending"
                  className="flex items-center gap-2 text-slate-600"
                >
                  <span translate="no" className="min-w-0 truncate">
                    {invite.email}
                  </span>
                  <Badge variant="warning">{ADMIN_TEXT.pending}</Badge>
                  {invite.is_admin && <Badge>{ADMIN_TEXT.adminMember}</Badge>}
                  <span className="text-xs">
                    {ADMIN_TEXT.expires(adminDateFormat.format(new Date(invite.expires_at)))}
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="ml-auto"
                    onClick={() =>
                      mutations.withdrawInvite.mutate(
                        { slug, inviteId: invite.id },
                        { onSuccess: () => toast.success(ADMIN_TEXT.inviteWithdrawn), onError },
                      )
                    }
                  >
                    {ADMIN_TEXT.withdraw}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <form noValidate onSubmit={handleAdd} className="flex flex-col gap-2">
          <label htmlFor={`add-member-${slug}`} className="text-sm font-medium text-slate-800">
            {ADMIN_TEXT.addMemberLabel}
          </label>
          <div className="flex gap-2">
            <Input
              id={`add-member-${slug}`}
              type="email"
              translate="no"
              value={email}
              placeholder="name@example.com"
              onChange={(event) => setEmail(event.target.value)}
            />
            <Button
              type="submit"
              variant="outline"
              disabled={!email.trim() || mutations.addMember.isPending}
            >
              {ADMIN_TEXT.addMember}
            </Button>
          </div>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={asAdmin}
              onChange={(event) => setAsAdmin(event.target.checked)}
              className="size-4 accent-brand-700"
            />
            {ADMIN_TEXT.asAdmin}
          </label>
        </form>
      </div>
      <AdminStreamerPlans slug={slug} />
      {inviteUrl && <InviteLink url={inviteUrl} />}
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </article>
  );
}
