import { Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Badge } from './ui/badge';
import { buttonStyles } from './ui/button';
import { Card } from './ui/card';

interface ComingSoonProps {
  /** Names the feature, e.g. "Donation page for techgamer". */
  title: string;
  description?: string;
  children?: ReactNode;
}

/**
 * Placeholder for a screen a later issue builds: names the feature and offers a way home.
 * Every use is marked in its page with a comment naming the work that replaces it.
 */
export function ComingSoon({ title, description, children }: ComingSoonProps) {
  return (
    <Card className="w-full max-w-lg p-6 text-center sm:p-8">
      <Badge variant="brand">
        <Clock aria-hidden="true" className="size-3.5" />
        Coming soon
      </Badge>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
        {title} — coming soon
      </h1>
      {description ? <p className="mt-3 text-pretty text-slate-600">{description}</p> : null}
      {children}
      <Link to="/" className={buttonStyles({ variant: 'outline', className: 'mt-6' })}>
        Return to Home
      </Link>
    </Card>
  );
}
