import { cn } from '@/utils/cn';
import Markdown from 'react-markdown';
import { Link } from 'react-router';

/** Classes for rendered Markdown: headings, lists, code and links in the app's type scale. */
const PROSE = cn(
  'text-sm leading-relaxed text-foreground break-words',
  '[&_p]:my-1.5 [&_ul]:my-1.5 [&_ol]:my-1.5 [&_ul]:list-disc [&_ol]:list-decimal [&_li]:ml-5',
  '[&_h1]:mt-3 [&_h1]:mb-1 [&_h1]:text-base [&_h1]:font-semibold',
  '[&_h2]:mt-3 [&_h2]:mb-1 [&_h2]:text-sm [&_h2]:font-semibold',
  '[&_h3]:mt-2 [&_h3]:mb-1 [&_h3]:text-sm [&_h3]:font-semibold',
  '[&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2',
  '[&_code]:rounded [&_code]:bg-surface-muted [&_code]:px-1 [&_code]:text-[0.8125rem]',
  '[&_pre]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-surface-muted [&_pre]:p-2',
  '[&_blockquote]:border-l-2 [&_blockquote]:border-border [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground',
  '[&_table]:my-2 [&_table]:text-left [&_th]:pr-3 [&_td]:pr-3',
  '[&>*:first-child]:mt-0 [&>*:last-child]:mb-0',
);

/**
 * Markdown written by people or by the analyst. Raw HTML is not rendered (react-markdown
 * escapes it) and unsafe URLs are dropped; links inside Meridian stay in the app, others open
 * in a new tab. Images show their description only: a memo cannot make the browser fetch.
 */
export function MarkdownText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={cn(PROSE, className)}>
      <Markdown
        components={{
          a: ({ href, title, children }) =>
            href?.startsWith('/') && !href.startsWith('//') ? (
              <Link to={href} title={title}>
                {children}
              </Link>
            ) : (
              <a href={href} title={title} target="_blank" rel="noreferrer noopener">
                {children}
              </a>
            ),
          img: ({ alt }) => <span>{alt}</span>,
        }}
      >
        {text}
      </Markdown>
    </div>
  );
}
