import type { LessonKind } from '@contract/course-rules';
import { DocumentIcon } from '@/components/icons/document-icon';
import { PlayIcon } from '@/components/icons/play-icon';
import { QuizIcon } from '@/components/icons/quiz-icon';

/** What each kind of lesson is called where the outline lists it. */
export const LESSON_KIND_LABELS: Record<LessonKind, string> = {
  reading: 'Reading',
  video: 'Video',
  quiz: 'Quiz',
};

const ICONS = { reading: DocumentIcon, video: PlayIcon, quiz: QuizIcon } as const;

/** A lesson's kind as an icon and its word ("Video · 6 min"): never the icon alone. */
export function LessonKindLabel({ kind, minutes }: { kind: LessonKind; minutes?: number }) {
  const Icon = ICONS[kind];
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-base-content/75">
      <Icon className="h-4 w-4 shrink-0" />
      <span>
        {LESSON_KIND_LABELS[kind]}
        {minutes !== undefined && ` · ${minutes} min`}
      </span>
    </span>
  );
}
