import { useId } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { COURSE_LIMITS, LESSON_KINDS, type LessonKind } from '@contract/course-rules';
import { TextField } from '@/components/form/text-field';
import { PlusIcon } from '@/components/icons/plus-icon';
import { TrashIcon } from '@/components/icons/trash-icon';
import { confirmDialog } from '@/lib/dialogs';
import { KIND_LABELS, newContent, type CourseForm } from './course-form';
import { errorAt } from './field-error';
import { smallButton } from './field-styles';
import { LessonContentEditor } from './lesson-content-editor';

type MoveButtonsProps = {
  what: string;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
};

/** Up and down, named after what they move ("Move section Basics up"). */
function MoveButtons({ what, index, count, onMove }: MoveButtonsProps) {
  return (
    <>
      <button
        type="button"
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
        aria-label={`Move ${what} up`}
        className={smallButton}
      >
        <span aria-hidden="true">↑</span>
        <span className="hidden sm:inline">Up</span>
      </button>
      <button
        type="button"
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
        aria-label={`Move ${what} down`}
        className={smallButton}
      >
        <span aria-hidden="true">↓</span>
        <span className="hidden sm:inline">Down</span>
      </button>
    </>
  );
}

/** Remove, named after what it removes ("Remove section Basics"). */
function RemoveButton({ what, onClick }: { what: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={`Remove ${what}`}
      className={`${smallButton} text-error`}
    >
      <TrashIcon className="h-4 w-4" aria-hidden="true" />
      <span className="hidden sm:inline">Remove</span>
    </button>
  );
}

type SectionProps = {
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
};

/** A section: its title, its place, and its lessons (add by kind, rename, reorder, remove). */
export function SectionEditor({ index, count, onMove, onRemove }: SectionProps) {
  const id = useId();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<CourseForm>();
  const path = `sections.${index}` as const;
  const title = useWatch({ control, name: `${path}.title` }) || `Section ${index + 1}`;
  const lessons = useFieldArray({ control, name: `${path}.lessons` });

  const confirmRemove = async () => {
    const confirmed = await confirmDialog({
      title: 'Remove this section?',
      text: `Remove ${title} and its ${lessons.fields.length} lessons? Learners' progress on them goes with them when you save.`,
      confirmText: 'Yes, remove it',
      danger: true,
    });
    if (confirmed) onRemove(index);
  };

  const addLesson = (kind: LessonKind) =>
    lessons.append({ title: '', minutes: 5, preview: false, content: newContent(kind) });

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl bg-base-100 p-4 shadow-sm ring-1 ring-base-200 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-heading`} className="text-lg font-semibold">
          Section {index + 1}: {title}
        </h3>
        <div className="flex flex-wrap gap-1">
          <MoveButtons what={`section ${title}`} index={index} count={count} onMove={onMove} />
          <RemoveButton what={`section ${title}`} onClick={() => void confirmRemove()} />
        </div>
      </div>
      <div className="mt-3">
        <TextField
          label="Section title"
          registration={register(`${path}.title`)}
          error={errorAt(errors, `${path}.title`)}
        />
      </div>

      <ol className="mt-4 space-y-4">
        {lessons.fields.map((field, lessonIndex) => (
          <li key={field.id}>
            <LessonEditor
              sectionIndex={index}
              index={lessonIndex}
              count={lessons.fields.length}
              onMove={lessons.move}
              onRemove={lessons.remove}
            />
          </li>
        ))}
      </ol>
      {lessons.fields.length === 0 && (
        <p className="mt-3 text-sm text-base-content/70">No lesson in this section yet.</p>
      )}
      {lessons.fields.length < COURSE_LIMITS.maxLessonsPerSection && (
        <div
          className="mt-4 flex flex-wrap items-center gap-2"
          role="group"
          aria-label={`Add a lesson to ${title}`}
        >
          <span className="text-sm text-base-content/80">Add a lesson:</span>
          {LESSON_KINDS.map((kind) => (
            <button
              key={kind}
              type="button"
              onClick={() => addLesson(kind)}
              aria-label={`Add a ${kind} lesson to ${title}`}
              className="btn btn-outline btn-primary btn-xs rounded-lg normal-case sm:btn-sm"
            >
              <PlusIcon className="h-4 w-4" aria-hidden="true" />
              {KIND_LABELS[kind]}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

type LessonProps = {
  sectionIndex: number;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
};

/** A lesson: title, minutes, preview, its place in the section, and its content. */
function LessonEditor({ sectionIndex, index, count, onMove, onRemove }: LessonProps) {
  const id = useId();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<CourseForm>();
  const path = `sections.${sectionIndex}.lessons.${index}` as const;
  const kind = useWatch({ control, name: `${path}.content.kind` });
  const title = useWatch({ control, name: `${path}.title` }) || `Lesson ${index + 1}`;
  return (
    <article
      aria-labelledby={`${id}-heading`}
      className="rounded-xl border border-base-300 bg-base-200/30 p-3 sm:p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={`${id}-heading`} className="flex min-w-0 items-center gap-2 font-medium">
          <span className="badge badge-outline badge-sm">{KIND_LABELS[kind]}</span>
          <span className="break-words">{title}</span>
        </h4>
        <div className="flex flex-wrap gap-1">
          <MoveButtons what={`lesson ${title}`} index={index} count={count} onMove={onMove} />
          <RemoveButton what={`lesson ${title}`} onClick={() => onRemove(index)} />
        </div>
      </div>
      <div className="mt-3 grid grid-cols-[minmax(0,1fr)_6rem] items-start gap-3 sm:grid-cols-[minmax(0,1fr)_7rem_auto]">
        <TextField
          label="Lesson title"
          registration={register(`${path}.title`)}
          error={errorAt(errors, `${path}.title`)}
        />
        <TextField
          label="Minutes"
          type="number"
          min={1}
          max={COURSE_LIMITS.lessonMaxMinutes}
          registration={register(`${path}.minutes`, { valueAsNumber: true })}
          error={errorAt(errors, `${path}.minutes`)}
        />
        <label className="col-span-2 flex cursor-pointer items-center gap-2 pt-1 sm:col-span-1 sm:pt-9">
          <input
            type="checkbox"
            className="checkbox checkbox-primary checkbox-sm"
            {...register(`${path}.preview`)}
          />
          <span className="text-sm">Free preview</span>
        </label>
      </div>
      <div className="mt-3">
        <LessonContentEditor sectionIndex={sectionIndex} lessonIndex={index} lessonTitle={title} />
      </div>
    </article>
  );
}
