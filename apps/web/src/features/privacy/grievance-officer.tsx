import { PRIVACY_RIGHTS_PATH } from '@shabaash/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';

import { fetchPrivacyContact } from './privacy-rights.api';
import { GRIEVANCE_TEXT } from './privacy-rights.constants';

/**
 * The grievance officer the operator names (GRIEVANCE_OFFICER_* variables) and the link to the
 * rights page, under the privacy policy. Read at run time: the policy page is prerendered.
 */
export function GrievanceOfficer() {
  const contact = useQuery({
    queryKey: ['privacy', 'contact'],
    queryFn: ({ signal }) => fetchPrivacyContact(signal),
  });
  const officer = contact.data?.grievance_officer;
  const isNamed = Boolean(officer && (officer.name || officer.email || officer.phone));
  return (
    <section
      aria-labelledby="grievance-officer"
      className="mt-10 flex flex-col gap-2 text-slate-700"
    >
      <h2 id="grievance-officer" className="text-xl font-semibold text-slate-900">
        {GRIEVANCE_TEXT.title}
      </h2>
      {contact.data &&
        (isNamed && officer ? (
          <>
            <p>{GRIEVANCE_TEXT.intro(contact.data.answer_days)}</p>
            <address translate="no" className="not-italic">
              {officer.name && <span className="block font-medium">{officer.name}</span>}
              {officer.email && (
                <a className="block underline" href={`mailto:${officer.email}`}>
                  {officer.email}
                </a>
              )}
              {officer.phone && (
                <a className="block underline" href={`tel:${officer.phone}`}>
                  {officer.phone}
                </a>
              )}
            </address>
          </>
        ) : (
          <p>{GRIEVANCE_TEXT.notSet}</p>
        ))}
      <Link to={PRIVACY_RIGHTS_PATH} className="underline">
        {GRIEVANCE_TEXT.rightsLink}
      </Link>
      <p className="text-sm">{GRIEVANCE_TEXT.board}</p>
    </section>
  );
}
