import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Spinner } from '@/components/ui/Spinner';
import { toast } from '@/lib/toast';
import { cn } from '@/utils/cn';
import { ANALYSIS_LIMITS } from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';

/**
 * The AI prompt bar of spec part 2: a question about the selected event and Generate. While an
 * answer is written the button says so and waits; without an event it says why it cannot ask.
 */
export function PromptBar({
  generating,
  disabledReason,
  onGenerate,
  className,
}: {
  generating: boolean;
  /** Why no question can be asked now (no event of the organization's is selected). */
  disabledReason: string | null;
  onGenerate: (question: string) => void;
  className?: string;
}) {
  const [question, setQuestion] = useState('');
  return (
    <form
      aria-label="Ask for insights"
      onSubmit={(event) => {
        event.preventDefault();
        if (disabledReason) {
          toast(disabledReason);
          return;
        }
        const asked = question.trim();
        if (!asked) {
          toast.error(API_MESSAGES.analysis.empty);
          return;
        }
        onGenerate(asked);
        setQuestion('');
      }}
      className={cn('flex gap-2', className)}
    >
      <Input
        aria-label="Ask for analysis or insights"
        placeholder="Ask for analysis or insights..."
        maxLength={ANALYSIS_LIMITS.question}
        value={question}
        onChange={(event) => setQuestion(event.target.value)}
      />
      <Button
        type="submit"
        disabled={generating}
        aria-disabled={disabledReason ? true : undefined}
        title={disabledReason ?? undefined}
        className={cn(disabledReason && 'cursor-not-allowed opacity-60 hover:bg-primary')}
      >
        {generating ? (
          <Spinner className="size-4" />
        ) : (
          <Sparkles aria-hidden="true" className="size-4" />
        )}
        {generating ? 'Generating…' : 'Generate'}
      </Button>
    </form>
  );
}
