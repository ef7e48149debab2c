import { useTheme, type ThemePreference } from '@/lib/theme';
import { Monitor, Moon, Sun } from 'lucide-react';
import { Button } from './ui/Button';

const ICONS = { light: Sun, dark: Moon, system: Monitor } satisfies Record<
  ThemePreference,
  unknown
>;

/** One button: its name says the current theme, each press moves light → dark → system. */
export function ThemeToggle() {
  const { preference, cyclePreference } = useTheme();
  const Icon = ICONS[preference];
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={cyclePreference}
      aria-label={`Theme: ${preference}`}
      title={`Theme: ${preference}`}
    >
      <Icon aria-hidden="true" className="size-5" />
    </Button>
  );
}
