import { cn } from '../../../lib/cn';

/** Reading styles for HTML converted from Markdown at build time (guides and policies). */
const PROSE_CLASSES = [
  'text-[1.0625rem] leading-7 text-slate-700 [&>:first-child]:mt-0',
  '[&_h2]:mt-12 [&_h2]:scroll-mt-32 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-balance [&_h2]:text-slate-900',
  '[&_h3]:mt-8 [&_h3]:scroll-mt-32 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_p]:mt-5 [&_li]:mt-2 [&_li>p]:mt-2',
  '[&_ul]:mt-5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:pl-6 [&_li_ul]:mt-2',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-900',
  '[&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_blockquote]:mt-6 [&_blockquote]:rounded-r-lg [&_blockquote]:border-l-4 [&_blockquote]:border-brand-400 [&_blockquote]:bg-brand-50 [&_blockquote]:px-5 [&_blockquote]:py-4 [&_blockquote_p]:mt-0',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-[0.9em] [&_code]:text-slate-900',
  '[&_pre]:mt-5 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:text-slate-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-inherit',
  '[&_hr]:my-10 [&_hr]:border-slate-200',
  '[&_.table-scroll]:mt-6 [&_.table-scroll]:overflow-x-auto [&_table]:w-full [&_table]:text-left [&_table]:text-sm',
  '[&_th]:border-b [&_th]:border-slate-300 [&_th]:py-2 [&_th]:pr-4 [&_th]:font-semibold [&_th]:text-slate-900',
  '[&_td]:border-b [&_td]:border-slate-100 [&_td]:py-2 [&_td]:pr-4 [&_td]:align-top',
].join(' ');

/**
 * Renders trusted HTML produced from our own Markdown files by the build step (which escapes
 * any raw HTML in them). Never pass user input here.
 */
export function Prose({ html, className }: { html: string; className?: string }) {
  return (
    <div className={cn(PROSE_CLASSES, className)} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
