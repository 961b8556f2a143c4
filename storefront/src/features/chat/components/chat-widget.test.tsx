// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatWidget } from '@/features/chat/components/chat-widget';

describe('ChatWidget', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('opens and closes from the round button', () => {
    render(<ChatWidget />);
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    expect(screen.getByRole('region', { name: 'Chat with FurniCraft assistant' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('puts the cursor in the message box on opening; Escape closes and returns to the button', () => {
    render(<ChatWidget />);
    const toggle = screen.getByRole('button', { name: 'Open chat' });
    fireEvent.click(toggle);
    expect(document.activeElement).toBe(screen.getByLabelText('Type your message'));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('region')).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('ignores a blank message and answers a real one after 1 second', () => {
    render(<ChatWidget />);
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    const input = screen.getByLabelText('Type your message');

    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input.closest('form')!);
    expect(screen.getAllByRole('listitem')).toHaveLength(1); // only the greeting (the scroll anchor is aria-hidden)

    fireEvent.change(input, { target: { value: 'Is there a warranty?' } });
    fireEvent.submit(input.closest('form')!);
    expect(screen.getByText('Is there a warranty?')).toBeTruthy();
    expect(screen.queryByText(/1-year warranty/)).toBeNull();
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByText(/1-year warranty/)).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText(/1-year warranty/)).toBeTruthy();
  });
});
