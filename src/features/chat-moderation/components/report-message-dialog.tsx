import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import {
  CHAT_MODERATION_LIMITS,
  CHAT_REPORT_REASONS,
  type ModeratedMessage,
} from '@contract/chat-moderation';
import { ChatImage } from '@/components/chat-image';
import { errorMessageOr } from '@/lib/api/error-message';
import { notify } from '@/lib/notify';
import { useReportMessageMutation } from '../api/chat-moderation-api';

/** What the dialog needs of a chat message (the chat's ChatMessage fits). */
export type ReportableMessage = Pick<ModeratedMessage, '_id' | 'name' | 'msg' | 'image'>;

const OTHER = 'Other';

type DialogProps = { message: ReportableMessage; onClose: () => void };

/**
 * Asks why a message is reported: one of the usual reasons, or the user's own words. Modal:
 * focus starts on the first reason, Escape or Cancel closes it, and focus goes back to the
 * button that opened it (the caller's).
 */
export function ReportMessageDialog({ message, onClose }: DialogProps) {
  const titleId = useId();
  const otherId = useId();
  const errorId = useId();
  const [choice, setChoice] = useState<string>(CHAT_REPORT_REASONS[0]);
  const [other, setOther] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [report, { isLoading }] = useReportMessageMutation();
  const firstReason = useRef<HTMLInputElement>(null);

  useEffect(() => firstReason.current?.focus(), []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const reason = choice === OTHER ? other.trim() : choice;
    if (!reason) {
      setError('Please say what is wrong with the message.');
      return;
    }
    try {
      await report({ id: message._id, reason }).unwrap();
      notify.success('Thank you. An admin will look at the message.');
      onClose();
    } catch (failure) {
      setError(errorMessageOr(failure, 'The report was not sent. Please try again.'));
    }
  };

  return createPortal(
    <div className="modal modal-open" role="presentation">
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="modal-box">
        <h2 id={titleId} className="text-lg font-bold">
          Report this message
        </h2>
        <blockquote className="mt-3 max-h-32 overflow-y-auto whitespace-pre-wrap break-words rounded-xl bg-base-200/60 px-3 py-2 text-sm">
          <span className="font-semibold">{message.name}:</span> {message.msg}
          {message.image && (
            <ChatImage image={message.image} author={message.name} className="mt-1 w-24" />
          )}
        </blockquote>
        <form className="mt-4 space-y-4" onSubmit={(event) => void submit(event)} noValidate>
          <fieldset>
            <legend className="mb-2 text-sm font-medium">Why are you reporting it?</legend>
            <div className="space-y-1.5">
              {[...CHAT_REPORT_REASONS, OTHER].map((reason, index) => (
                <label key={reason} className="flex cursor-pointer items-center gap-2 text-sm">
                  <input
                    ref={index === 0 ? firstReason : undefined}
                    type="radio"
                    name="reason"
                    value={reason}
                    checked={choice === reason}
                    onChange={() => {
                      setChoice(reason);
                      setError(null);
                    }}
                    className="radio radio-sm radio-primary"
                  />
                  {reason}
                </label>
              ))}
            </div>
          </fieldset>
          {choice === OTHER && (
            <div>
              <label htmlFor={otherId} className="mb-1 block text-sm font-medium">
                What is wrong with it?
              </label>
              <textarea
                id={otherId}
                value={other}
                onChange={(event) => {
                  setOther(event.target.value);
                  setError(null);
                }}
                maxLength={CHAT_MODERATION_LIMITS.maxReasonLength}
                rows={3}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                className="textarea textarea-bordered w-full rounded-xl"
              />
            </div>
          )}
          {error && (
            <p id={errorId} role="alert" className="text-sm text-error">
              {error}
            </p>
          )}
          <div className="modal-action mt-2">
            <button
              type="button"
              className="btn btn-ghost rounded-xl normal-case"
              onClick={onClose}
            >
              Cancel
            </button>
            <button
              type="submit"
              className="btn btn-primary rounded-xl normal-case"
              disabled={isLoading}
            >
              Send report
            </button>
          </div>
        </form>
      </div>
    </div>,
    document.body,
  );
}

/** A message's "Report" button, and the dialog it opens. */
export function ReportMessageButton({ message }: { message: ReportableMessage }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="btn btn-ghost btn-xs rounded-lg normal-case"
        aria-label={`Report ${message.name}’s message`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Report
      </button>
      {open && <ReportMessageDialog message={message} onClose={close} />}
    </>
  );
}
