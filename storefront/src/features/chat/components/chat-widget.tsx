import { MessageCircle, Send, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { GREETING, REPLY_DELAY_MS, replyTo } from '@/features/chat/replies';

interface Message {
  id: number;
  from: 'bot' | 'user';
  text: string;
}

/**
 * The floating assistant: a round button toggles the window; canned replies arrive after 1 s. For the
 * keyboard: opening puts the cursor in the message box, Escape closes and returns to the button.
 */
export function ChatWidget() {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const [typing, setTyping] = useState(false);
  const [messages, setMessages] = useState<Message[]>([{ id: 0, from: 'bot', text: GREETING }]);
  const nextId = useRef(1);
  const timers = useRef<number[]>([]);
  const endRef = useRef<HTMLLIElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((t) => window.clearTimeout(t));
  }, []);
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages, typing]);

  const send = () => {
    const reply = replyTo(draft);
    if (reply === null) return;
    setMessages((m) => [...m, { id: nextId.current++, from: 'user', text: draft.trim() }]);
    setDraft('');
    setTyping(true);
    timers.current.push(
      window.setTimeout(() => {
        setMessages((m) => [...m, { id: nextId.current++, from: 'bot', text: reply }]);
        setTyping(false);
      }, REPLY_DELAY_MS),
    );
  };

  return (
    <div className="fixed right-4 bottom-4 z-40 flex flex-col items-end gap-3">
      {open && (
        <section
          id="chat-window"
          aria-label="Chat with FurniCraft assistant"
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            setOpen(false);
            toggleRef.current?.focus();
          }}
          className="flex h-96 w-[min(20rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-xl"
        >
          <h2 className="bg-amber-800 px-4 py-3 font-semibold text-white">FurniCraft Assistant</h2>
          <ul aria-live="polite" className="flex-1 space-y-2 overflow-y-auto p-3 text-sm">
            {messages.map((m) => (
              <li
                key={m.id}
                className={`max-w-[85%] rounded-xl px-3 py-2 ${m.from === 'user' ? 'ml-auto bg-amber-800 text-white' : 'bg-stone-100 text-stone-900'}`}
              >
                <span className="sr-only">{m.from === 'user' ? 'You: ' : 'Assistant: '}</span>
                {m.text}
              </li>
            ))}
            {typing && <li className="text-stone-600">Assistant is typing…</li>}
            <li ref={endRef} aria-hidden="true" />
          </ul>
          <form
            className="flex gap-2 border-t border-stone-200 p-2"
            onSubmit={(e) => {
              e.preventDefault();
              send();
            }}
          >
            <label htmlFor="chat-input" className="sr-only">
              Type your message
            </label>
            <input
              id="chat-input"
              // the shopper just opened the chat: type straight away
              autoFocus
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              placeholder="Type your message…"
              className="flex-1 rounded-lg border border-stone-300 px-3 py-2 text-sm"
            />
            <button
              type="submit"
              aria-label="Send message"
              className="rounded-lg bg-amber-800 p-2 text-white hover:bg-amber-900"
            >
              <Send aria-hidden="true" className="size-4" />
            </button>
          </form>
        </section>
      )}
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls="chat-window"
        aria-label={open ? 'Close chat' : 'Open chat'}
        onClick={() => setOpen((o) => !o)}
        className="flex size-14 items-center justify-center rounded-full bg-amber-800 text-white shadow-lg hover:bg-amber-900"
      >
        {open ? (
          <X aria-hidden="true" className="size-6" />
        ) : (
          <MessageCircle aria-hidden="true" className="size-6" />
        )}
      </button>
    </div>
  );
}
