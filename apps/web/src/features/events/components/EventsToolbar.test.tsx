import { act, fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { useEventFilters } from '../hooks/use-event-filters';
import { EventsToolbar } from './EventsToolbar';

/** The toolbar wired to the URL as the Events screen wires it, and the URL's query shown. */
function FilteredEvents() {
  const [filters, update] = useEventFilters();
  const { search } = useLocation();
  return (
    <>
      <EventsToolbar filters={filters} onChange={update} />
      <output aria-label="Query">{search}</output>
    </>
  );
}

const query = () => new URLSearchParams(screen.getByLabelText('Query').textContent ?? '');
const chip = (name: string) => screen.getByRole('button', { name });

describe('the Events filters', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the filters from the URL and ignores values it does not know', () => {
    renderWithApp(<FilteredEvents />, {
      route: '/admin/events?severity=HIGH,BOGUS&status=OPEN&exposed=true&q=port',
    });
    expect(chip('HIGH').getAttribute('aria-pressed')).toBe('true');
    expect(chip('CRITICAL').getAttribute('aria-pressed')).toBe('false');
    expect(chip('Exposed only').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText<HTMLInputElement>('Search events').value).toBe('port');
  });

  it('puts each chip in the URL at once, and takes it out again', () => {
    renderWithApp(<FilteredEvents />, { route: '/admin/events' });
    fireEvent.click(chip('CRITICAL'));
    fireEvent.click(chip('HIGH'));
    expect(query().get('severity')).toBe('CRITICAL,HIGH');
    expect(chip('HIGH').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(chip('CRITICAL'));
    expect(query().get('severity')).toBe('HIGH');
    fireEvent.click(chip('Exposed only'));
    expect(query().get('exposed')).toBe('true');
    fireEvent.click(chip('HIGH'));
    fireEvent.click(chip('Exposed only'));
    expect(query().has('severity')).toBe(false);
    expect(query().has('exposed')).toBe(false);
  });

  it('filters by priority and sorts by it, in the URL', () => {
    renderWithApp(<FilteredEvents />, { route: '/admin/events?priority=P2,BOGUS&sort=priority' });
    expect(chip('P2').getAttribute('aria-pressed')).toBe('true');
    expect(chip('P1').getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('combobox', { name: 'Sort' }).textContent).toContain(
      'Highest priority first',
    );
    fireEvent.click(chip('P1'));
    fireEvent.click(chip('Not exposed'));
    expect(query().get('priority')).toBe('P2,P1,NONE');
    fireEvent.click(chip('P2'));
    fireEvent.click(chip('P1'));
    fireEvent.click(chip('Not exposed'));
    expect(query().has('priority')).toBe(false);
    expect(query().get('sort')).toBe('priority');
  });

  it('searches once typing pauses, not at every key', async () => {
    vi.useFakeTimers();
    renderWithApp(<FilteredEvents />, { route: '/admin/events' });
    const box = screen.getByLabelText('Search events');
    fireEvent.change(box, { target: { value: 'fel' } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    fireEvent.change(box, { target: { value: 'felixstowe' } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(query().has('q')).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(query().get('q')).toBe('felixstowe');
  });
});
