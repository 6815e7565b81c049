import { useState } from 'react';

import { cn } from '../../../lib/cn';
import { SHOWCASE_TEXT, apiEndpoints } from './showcase.constants';

const VIEWS = ['endpoints', 'errors'] as const;

const METHOD_CLASSES: Record<string, string> = {
  GET: 'bg-sky-100 text-sky-800',
  POST: 'bg-emerald-100 text-emerald-800',
};

/** The API reference (spec 01 §2): the endpoints view first, and the shape of errors. */
export function ApiReference() {
  const [view, setView] = useState<(typeof VIEWS)[number]>('endpoints');
  const text = SHOWCASE_TEXT.api;
  return (
    <div className="mt-6">
      <div role="group" aria-label={text.viewsLabel} className="flex gap-2">
        {VIEWS.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={option === view}
            onClick={() => setView(option)}
            className={cn(
              'h-9 rounded-full px-4 text-sm font-medium ring-1',
              option === view
                ? 'bg-slate-900 text-white ring-slate-900'
                : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
            )}
          >
            {text[option]}
          </button>
        ))}
      </div>
      {view === 'endpoints' ? (
        <ul className="mt-4 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {apiEndpoints().map((endpoint) => (
            <li
              key={`${endpoint.method} ${endpoint.path}`}
              className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-4"
            >
              <span className="flex min-w-0 items-center gap-3">
                <span
                  className={cn(
                    'w-12 shrink-0 rounded px-1.5 py-0.5 text-center font-mono text-xs font-bold',
                    METHOD_CLASSES[endpoint.method] ?? 'bg-slate-100 text-slate-800',
                  )}
                >
                  {endpoint.method}
                </span>
                <code className="font-mono text-sm break-all text-slate-900">{endpoint.path}</code>
              </span>
              <span className="text-sm text-slate-600 sm:ml-auto sm:text-right">
                {endpoint.text}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-5 text-sm text-slate-700">
          <p>{text.errorsText}</p>
          <pre className="mt-3 overflow-x-auto rounded-lg bg-slate-900 p-4 text-xs text-slate-100">
            {
              '{ "error": { "code": "validation_error", "message": "Please enter a valid email address." } }'
            }
          </pre>
        </div>
      )}
    </div>
  );
}
