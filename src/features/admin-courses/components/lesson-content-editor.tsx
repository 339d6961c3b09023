import { useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { parseVideoUrl } from '@contract/course-video';
import { TextField } from '@/components/form/text-field';
import type { CourseForm } from './course-form';
import { errorAt, FieldError } from './field-error';
import { labelClass, textareaClass } from './field-styles';
import { QuizEditor } from './quiz-editor';
import { renderLessonMarkdown } from '../lesson-markdown';

type Props = { sectionIndex: number; lessonIndex: number; lessonTitle: string };

/** A lesson's content by its kind: markdown with a preview, a video link, or a quiz. */
export function LessonContentEditor({ sectionIndex, lessonIndex, lessonTitle }: Props) {
  const { control } = useFormContext<CourseForm>();
  const base = `sections.${sectionIndex}.lessons.${lessonIndex}.content` as const;
  const kind = useWatch({ control, name: `${base}.kind` });
  if (kind === 'reading') {
    return (
      <MarkdownField path={`${base}.markdown`} label="Lesson text (markdown)" title={lessonTitle} />
    );
  }
  if (kind === 'video') {
    return (
      <div className="space-y-4">
        <VideoUrlField path={`${base}.url`} />
        <MarkdownField
          path={`${base}.markdown`}
          label="Notes under the video (markdown, optional)"
          title={lessonTitle}
        />
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <QuizEditor base={base} lessonTitle={lessonTitle} />
      <MarkdownField
        path={`${base}.markdown`}
        label="Notes before the quiz (markdown, optional)"
        title={lessonTitle}
      />
    </div>
  );
}

type MarkdownPath = `sections.${number}.lessons.${number}.content.markdown`;

/** A markdown textarea with Write and Preview tabs; the preview renders as the lesson will. */
function MarkdownField({
  path,
  label,
  title,
}: {
  path: MarkdownPath;
  label: string;
  title: string;
}) {
  const id = useId();
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<CourseForm>();
  const text = useWatch({ control, name: path }) ?? '';
  const error = errorAt(errors, path);
  const tabClass = (active: boolean) =>
    `tab rounded-lg text-sm ${active ? 'tab-active bg-base-100 font-semibold shadow-sm' : ''}`;
  return (
    <div>
      <div className="mb-1.5 flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={id} className={labelClass.replace('mb-1.5 ', '')}>
          {label}
        </label>
        <div
          role="tablist"
          aria-label={`${label} of ${title}`}
          className="tabs tabs-boxed tabs-sm rounded-xl bg-base-200 p-1"
        >
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'write'}
            className={tabClass(tab === 'write')}
            onClick={() => setTab('write')}
          >
            Write
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'preview'}
            className={tabClass(tab === 'preview')}
            onClick={() => setTab('preview')}
          >
            Preview
          </button>
        </div>
      </div>
      <textarea
        id={id}
        rows={8}
        hidden={tab !== 'write'}
        {...register(path)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${textareaClass} font-mono text-sm ${error ? 'textarea-error' : ''}`}
      />
      {tab === 'preview' && (
        <div
          aria-label={`Preview of ${title}`}
          role="region"
          className="lesson-markdown min-h-24 rounded-xl border border-base-300 bg-base-100 p-4 text-sm leading-relaxed [&_a]:link [&_code]:rounded [&_code]:bg-base-200 [&_code]:px-1 [&_h1]:text-xl [&_h1]:font-bold [&_h2]:text-lg [&_h2]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_p]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-base-200 [&_pre]:p-3 [&_ul]:list-disc"
          // markdown-it with raw HTML off: only markdown's own markup (see lesson-markdown.ts).
          dangerouslySetInnerHTML={{
            __html:
              text.trim() === '' ? '<p>Nothing to preview yet.</p>' : renderLessonMarkdown(text),
          }}
        />
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The video's link, checked as the player reads it (YouTube, Vimeo or the shop's MP4). */
function VideoUrlField({ path }: { path: `sections.${number}.lessons.${number}.content.url` }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<CourseForm>();
  const url = useWatch({ control, name: path }) ?? '';
  const source = url.trim() === '' ? null : parseVideoUrl(url);
  const hint = source
    ? `Plays from ${source.provider === 'mp4' ? 'the shop (MP4)' : source.provider === 'youtube' ? 'YouTube' : 'Vimeo'}.`
    : 'A YouTube or Vimeo link, or an MP4 under /media/.';
  return (
    <TextField
      label="Video link"
      type="url"
      inputMode="url"
      hint={hint}
      registration={register(path)}
      error={errorAt(errors, path)}
    />
  );
}
