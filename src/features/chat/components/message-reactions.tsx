import { useEffect, useId, useRef, useState } from 'react';
import type { ChatMessage } from '@contract/chat';
import { CHAT_REACTIONS, type ChatReactionEmoji } from '@contract/chat-rules';
import { ReactionEmoji } from './reaction-emoji';

type Props = {
  message: ChatMessage;
  you: string | null;
  /** Own messages sit on the right: the picker opens towards the left. */
  own: boolean;
  onReact: (id: string, emoji: ChatReactionEmoji) => void;
};

/** "👍 2: Ada, Sam": the accessible name and tooltip of a reaction. */
export function reactionLabel(emoji: string, count: number, names: string[]): string {
  return `${emoji} ${count}: ${names.join(', ')}`;
}

/**
 * A message's reactions (issue 17 §2): one toggle per reaction given, pressed when it is yours,
 * naming who gave it on hover and to screen readers; and a picker of the six reactions.
 */
export function MessageReactions({ message, you, own, onReact }: Props) {
  const id = useId();
  const [picking, setPicking] = useState(false);
  const pickerId = `${id}-picker`;
  // The toggle and the picker: a pointerdown anywhere else closes the picker.
  const areaRef = useRef<HTMLSpanElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!picking) return;
    const closeOutside = (event: PointerEvent) => {
      if (event.target instanceof Node && areaRef.current?.contains(event.target)) return;
      setPicking(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [picking]);

  const choose = (emoji: ChatReactionEmoji) => {
    setPicking(false);
    onReact(message._id, emoji);
  };

  return (
    <>
      {message.reactions.map((reaction) => {
        const mine = you !== null && reaction.userIds.includes(you);
        const label = reactionLabel(reaction.emoji, reaction.count, reaction.names);
        return (
          <button
            key={reaction.emoji}
            type="button"
            aria-pressed={mine}
            aria-label={label}
            title={label}
            onClick={() => onReact(message._id, reaction.emoji)}
            className={`btn btn-xs h-7 min-h-7 gap-1 rounded-full px-2 font-normal normal-case ${
              mine
                ? 'border-primary bg-primary/10 text-base-content'
                : 'border-base-300 bg-base-100 text-base-content'
            }`}
          >
            <ReactionEmoji emoji={reaction.emoji} />
            <span aria-hidden="true" className="tabular-nums">
              {reaction.count}
            </span>
          </button>
        );
      })}
      <span
        ref={areaRef}
        className="relative"
        onKeyDown={(event) => {
          // Escape, on the toggle or in the picker, closes it; focus goes back to the toggle, as
          // the picker's buttons leave with it.
          if (event.key !== 'Escape' || !picking) return;
          event.stopPropagation();
          setPicking(false);
          toggleRef.current?.focus();
        }}
      >
        <button
          ref={toggleRef}
          type="button"
          aria-expanded={picking}
          aria-controls={picking ? pickerId : undefined}
          aria-label="Add a reaction"
          title="Add a reaction"
          onClick={() => setPicking((open) => !open)}
          className="btn btn-ghost btn-xs h-7 min-h-7 rounded-full px-2 font-normal normal-case text-base-content/70"
        >
          <span aria-hidden="true">☺+</span>
        </button>
        {picking && (
          <span
            id={pickerId}
            role="group"
            aria-label="Reactions"
            className={`absolute bottom-full z-10 mb-1 flex gap-0.5 rounded-full bg-base-100 p-1 shadow-lg ring-1 ring-base-300 ${
              own ? 'right-0' : 'left-0'
            }`}
          >
            {CHAT_REACTIONS.map((emoji) => (
              <button
                key={emoji}
                type="button"
                aria-label={`React with ${emoji}`}
                onClick={() => choose(emoji)}
                className="btn btn-ghost btn-xs h-8 min-h-8 w-8 rounded-full p-0 text-base"
              >
                <ReactionEmoji emoji={emoji} />
              </button>
            ))}
          </span>
        )}
      </span>
    </>
  );
}
