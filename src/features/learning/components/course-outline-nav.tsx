import { Link } from 'react-router';
import type { CourseDetail } from '@contract/courses';
import { paths } from '@/config/paths';
import { LessonKindLabel } from './lesson-kind';

type Props = {
  course: CourseDetail;
  currentLessonId: string;
  /** The learner's completed lessons; null for someone who does not own the course. */
  completed: ReadonlySet<string> | null;
  /** A lesson was chosen (the phone's drawer closes). */
  onNavigate?: () => void;
};

/** The course's percent as a bar: "40% complete". */
export function CourseProgressBar({ percent }: { percent: number }) {
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label="Course progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% complete`}
        className="h-2.5 flex-1 overflow-hidden rounded-full bg-base-300"
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
      </div>
      <span className="whitespace-nowrap text-sm font-medium">{percent}% complete</span>
    </div>
  );
}

/**
 * The player's outline (docs/product.md §2.26): every section and lesson, a tick on each
 * completed one, the open lesson marked as the current page. Every lesson is a link: one the
 * learner may not open answers so in the player.
 */
export function CourseOutlineNav({ course, currentLessonId, completed, onNavigate }: Props) {
  return (
    <nav aria-label="Course outline">
      <ol className="space-y-5">
        {course.sections.map((section, index) => (
          <li key={section._id}>
            <h2 className="px-2 text-sm font-semibold uppercase tracking-wide text-base-content/75">
              <span className="sr-only">Section {index + 1}: </span>
              {section.title}
            </h2>
            <ol className="mt-2 space-y-1">
              {section.lessons.map((lesson) => {
                const current = lesson._id === currentLessonId;
                const done = completed?.has(lesson._id) ?? false;
                return (
                  <li key={lesson._id}>
                    <Link
                      to={paths.learn(course._id, lesson._id)}
                      aria-current={current ? 'page' : undefined}
                      onClick={onNavigate}
                      className={`flex items-start gap-3 rounded-xl px-2 py-2 hover:bg-base-200 ${current ? 'bg-primary/10 ring-1 ring-primary/40' : ''}`}
                    >
                      <span
                        aria-hidden="true"
                        className={`mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full border text-xs font-bold ${done ? 'border-emerald-700 bg-emerald-700 text-white' : 'border-base-content/40'}`}
                      >
                        {done ? '✓' : ''}
                      </span>
                      <span className="flex min-w-0 flex-col">
                        <span className={current ? 'font-semibold' : ''}>
                          {done && <span className="sr-only">Completed: </span>}
                          {lesson.title}
                        </span>
                        <LessonKindLabel kind={lesson.kind} minutes={lesson.minutes} />
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ol>
          </li>
        ))}
      </ol>
    </nav>
  );
}
