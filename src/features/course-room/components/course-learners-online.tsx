import { useEffect, useRef, useState } from 'react';
import { lessonPresenceLabel } from '@contract/course-rules';
import { UsersIcon } from '@/components/icons/layout-icons';
import { chatName } from '@/lib/chat-name';
import type { ChatConnection } from '@/lib/chat-connection';

type Props = {
  courseId: string;
  lessonId: string;
  /** The lesson's number and title, as the player shows them: what the course room sees. */
  lessonNumber: number;
  lessonTitle: string;
};

/**
 * The course player's "3 learners online" (issue 31 §4, docs/decisions.md D61): its own chat
 * connection tells the server which lesson is open (`coursePresence`; the server checks the
 * learner owns the course and labels the lesson itself), so the course room's member list shows
 * "Sam — Lesson 4: Hooks"; it counts the course's learners online (`courseLearners`: in the room
 * or in the player, each once). The connection (with socket.io-client) is loaded on first use,
 * out of the player's chunk. Shows nothing until counted, or when the server refuses (not a learner of the course).
 */
export function CourseLearnersOnline({ courseId, lessonId, lessonNumber, lessonTitle }: Props) {
  const [count, setCount] = useState<number | null>(null);
  const connectionRef = useRef<ChatConnection | null>(null);
  const lessonRef = useRef(lessonId);

  /** Tells the server the lesson open now (on every connection, and on each new lesson). */
  const announce = (connection: ChatConnection) => {
    connection.request('coursePresence', { courseId, lessonId: lessonRef.current }, (answer) => {
      setCount(answer.ok ? answer.learners : null);
    });
  };
  const announceRef = useRef(announce);
  useEffect(() => {
    announceRef.current = announce;
  });

  useEffect(() => {
    let close: (() => void) | null = null;
    let closed = false;
    void import('@/lib/chat-connection').then(({ ChatConnection }) => {
      if (closed) return;
      const connection = new ChatConnection();
      connectionRef.current = connection;
      connection.on('connect', () => announceRef.current(connection));
      connection.on('disconnect', () => setCount(null));
      connection.on('courseLearners', (event) => {
        if (event.courseId === courseId) setCount(event.count);
      });
      close = connection.open(chatName.get() ?? undefined);
    });
    return () => {
      closed = true;
      close?.();
      connectionRef.current = null;
    };
  }, [courseId]);

  useEffect(() => {
    lessonRef.current = lessonId;
    const connection = connectionRef.current;
    if (connection?.connected) announceRef.current(connection);
  }, [lessonId]);

  if (count === null) return null;
  return (
    <p
      role="status"
      className="inline-flex items-center gap-1.5 text-sm text-base-content/70"
      title={`Your course room sees you on ${lessonPresenceLabel(lessonNumber, lessonTitle)}`}
    >
      <UsersIcon className="h-4 w-4 shrink-0" />
      {count === 1 ? '1 learner online' : `${count} learners online`}
    </p>
  );
}
