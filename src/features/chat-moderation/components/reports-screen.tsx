import { useId, useState } from 'react';
import {
  MUTE_DURATION_LABELS,
  MUTE_DURATIONS,
  formatMutedUntil,
  type ChatReport,
  type ModerationAction,
  type ModerationEntry,
  type MuteDuration,
} from '@contract/chat-moderation';
import { LoadError } from '@/components/load-error';
import { DashboardScreen } from '@/components/dashboard-screen';
import { Spinner } from '@/components/spinner';
import { errorMessageOr } from '@/lib/api/error-message';
import { confirmDialog } from '@/lib/dialogs';
import { notify } from '@/lib/notify';
import { useGetChatReportsQuery, useModerateReportMutation } from '../api/chat-moderation-api';
import { MessageContext } from './message-context';
import { messageTime } from './message-time';
import { MessageBody } from './message-body';

/** An audit row as a sentence: what was done. */
function entryText(entry: ModerationEntry): string {
  if (entry.action === 'chat.delete') return 'deleted the message';
  if (entry.action === 'chat.dismiss') return 'dismissed the report';
  const duration = entry.changes.duration;
  const label =
    typeof duration === 'string' && (MUTE_DURATIONS as readonly string[]).includes(duration)
      ? MUTE_DURATION_LABELS[duration as MuteDuration]
      : 'a while';
  return `muted the author for ${label}`;
}

function ReportCard({ report }: { report: ChatReport }) {
  const headingId = useId();
  const durationId = useId();
  const [duration, setDuration] = useState<MuteDuration>('10m');
  const [moderate, { isLoading: acting }] = useModerateReportMutation();
  const { message } = report;

  const act = async (action: ModerationAction, question: Parameters<typeof confirmDialog>[0]) => {
    if (!(await confirmDialog(question))) return;
    try {
      await moderate({ id: report.id, action }).unwrap();
      notify.success(
        action.action === 'delete'
          ? 'Message deleted.'
          : action.action === 'dismiss'
            ? 'Report dismissed.'
            : `${message.name} is muted for ${MUTE_DURATION_LABELS[action.duration]}.`,
      );
    } catch (error) {
      notify.error(errorMessageOr(error, 'That did not work. Please try again.'));
    }
  };

  return (
    <article
      aria-labelledby={headingId}
      className="space-y-4 rounded-2xl bg-base-100 p-4 shadow-sm ring-1 ring-base-200 sm:p-5"
    >
      <header className="space-y-1">
        <h2 id={headingId} className="break-words font-semibold">
          {message.name}’s message in {message.room}
        </h2>
        <p className="break-words text-sm text-base-content/80">
          Reported by <span className="break-all">{report.reporterEmail}</span> on{' '}
          <time dateTime={report.createdAt}>{messageTime(report.createdAt)}</time>
        </p>
        <p className="break-words text-sm">
          <span className="font-medium">Reason:</span> {report.reason}
        </p>
        {report.authorMutedUntil && (
          <p className="text-sm">
            <span className="badge badge-warning badge-sm">Muted</span> until{' '}
            <time dateTime={report.authorMutedUntil}>
              {formatMutedUntil(report.authorMutedUntil)}
            </time>
          </p>
        )}
      </header>

      {!report.messageExists && (
        <div className="rounded-xl bg-base-200/60 px-3 py-2 text-sm">
          <p className="text-xs text-base-content/70">The message (no longer in the room):</p>
          <MessageBody message={message} />
        </div>
      )}
      <MessageContext
        messages={report.context}
        focusId={message._id}
        label={`Conversation around ${message.name}’s message`}
        badge="Reported"
      />

      <div className="flex flex-wrap items-end gap-2">
        <button
          type="button"
          className="btn btn-error btn-sm rounded-lg normal-case"
          disabled={acting || !report.messageExists}
          onClick={() =>
            void act(
              { action: 'delete' },
              {
                title: 'Delete this message?',
                text: `${message.name}’s message is removed for everyone in ${message.room}.`,
                confirmText: 'Yes, delete it',
                danger: true,
              },
            )
          }
        >
          Delete message
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm rounded-lg normal-case"
          disabled={acting}
          onClick={() =>
            void act(
              { action: 'dismiss' },
              {
                title: 'Dismiss this report?',
                text: 'The message stays; the report is closed.',
                confirmText: 'Yes, dismiss it',
              },
            )
          }
        >
          Dismiss
        </button>
        <div className="flex items-end gap-2">
          <div>
            <label htmlFor={durationId} className="mb-1 block text-xs font-medium">
              Mute for
            </label>
            <select
              id={durationId}
              value={duration}
              onChange={(event) => setDuration(event.target.value as MuteDuration)}
              className="select select-bordered select-sm rounded-lg"
            >
              {MUTE_DURATIONS.map((value) => (
                <option key={value} value={value}>
                  {MUTE_DURATION_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="btn btn-warning btn-sm rounded-lg normal-case"
            disabled={acting}
            onClick={() =>
              void act(
                { action: 'mute', duration },
                {
                  title: `Mute ${message.name}?`,
                  text: `${message.name} cannot send messages for ${MUTE_DURATION_LABELS[duration]}.`,
                  confirmText: 'Yes, mute',
                },
              )
            }
          >
            Mute author
          </button>
        </div>
      </div>

      {report.history.length > 0 && (
        <section aria-label="Moderation history" className="text-sm">
          <h3 className="font-semibold">History</h3>
          <ul className="mt-1 space-y-1">
            {report.history.map((entry) => (
              <li key={`${entry.createdAt}-${entry.action}`} className="break-words">
                <time dateTime={entry.createdAt}>{messageTime(entry.createdAt)}</time>:{' '}
                <span className="break-all">{entry.actorEmail}</span> {entryText(entry)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

/**
 * Reports (issue 17 §2, admins): the open reports of chat messages, newest first, each with the
 * conversation around the message, and what to do about it: delete the message for everyone,
 * dismiss the report, or mute its author. Each action asks first and is kept in the history.
 */
export function ReportsScreen() {
  const { data, error, isError, isLoading, isFetching, refetch } = useGetChatReportsQuery(
    undefined,
    { refetchOnMountOrArgChange: true },
  );
  return (
    <DashboardScreen
      eyebrow="Reports"
      headingId="reports-heading"
      heading="Reported chat messages"
      refreshing={isFetching && !isLoading}
      note={
        data && (
          <p className="mt-1 text-sm text-base-content/70">
            {data.total === 1 ? '1 open report' : `${data.total} open reports`}
          </p>
        )
      }
    >
      {isLoading ? (
        <Spinner label="Loading the reports…" />
      ) : isError || !data ? (
        <LoadError
          message={errorMessageOr(error, 'Could not load the reports.')}
          onRetry={() => void refetch()}
        />
      ) : data.reports.length === 0 ? (
        <p className="rounded-2xl bg-base-100 p-6 text-center text-base-content/70 shadow-sm ring-1 ring-base-200">
          No open reports. All quiet.
        </p>
      ) : (
        <div className="space-y-4">
          {data.reports.map((report) => (
            <ReportCard key={report.id} report={report} />
          ))}
        </div>
      )}
    </DashboardScreen>
  );
}
