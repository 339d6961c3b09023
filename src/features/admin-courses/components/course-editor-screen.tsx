import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { COURSE_LIMITS } from '@contract/course-rules';
import { courseDraftSchema, type AdminCourse, type CourseDraft } from '@contract/courses';
import { SubmitButton } from '@/components/form/submit-button';
import { PlusIcon } from '@/components/icons/plus-icon';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { errorMessageOr } from '@/lib/api/error-message';
import { confirmDialog } from '@/lib/dialogs';
import { notify } from '@/lib/notify';
import {
  useCreateCourseMutation,
  useGetAdminCourseQuery,
  useRemoveCourseMutation,
  useSaveCourseMutation,
  useSetCoursePublishedMutation,
} from '../api/admin-courses-api';
import { emptyCourse, formOf, type CourseForm } from './course-form';
import { errorAt, FieldError } from './field-error';
import { inputClass, labelClass, textareaClass } from './field-styles';
import { OutcomesField } from './outcomes-field';
import { PublishedBadge } from './published-badge';
import { SectionEditor } from './section-editor';

/** `/dashboard/courses/new` or `/dashboard/courses/:courseId`: the builder, once the course is in. */
export function CourseEditorScreen({ courseId }: { courseId: string | null }) {
  const query = useGetAdminCourseQuery(courseId ?? '', { skip: courseId === null });
  if (courseId === null) return <CourseEditor course={null} />;
  if (query.isLoading) return <Spinner label="Loading the course…" />;
  if (query.isError || !query.data) {
    return (
      <div className="space-y-4">
        <Link to={paths.adminCourses} className="link link-primary text-sm">
          Back to the courses
        </Link>
        <LoadError
          message={errorMessageOr(query.error, 'Could not load the course.')}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  }
  return <CourseEditor course={query.data} />;
}

/**
 * The course builder (docs/product.md §2.29): the course's fields, its sections
 * and lessons with their content, saved whole; Publish, Remove and the learner's view beside.
 */
function CourseEditor({ course }: { course: AdminCourse | null }) {
  const navigate = useNavigate();
  const [createCourse] = useCreateCourseMutation();
  const [saveCourse] = useSaveCourseMutation();
  const [setPublished, publishing] = useSetCoursePublishedMutation();
  const [removeCourse, removing] = useRemoveCourseMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<CourseForm, unknown, CourseDraft>({
    resolver: zodResolver(courseDraftSchema),
    defaultValues: course ? formOf(course) : emptyCourse,
  });
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const sections = useFieldArray({ control, name: 'sections' });

  const save = async (draft: CourseDraft) => {
    setProblem(null);
    try {
      if (course) {
        const saved = await saveCourse({ id: course._id, draft }).unwrap();
        // The saved ids (new sections and lessons got theirs) and the new version.
        reset(formOf(saved));
        notify.success(`Saved ${saved.name}.`);
      } else {
        const created = await createCourse(draft).unwrap();
        notify.success(`Created the draft ${created.name}.`);
        void navigate(paths.adminCourse(created._id), { replace: true });
      }
    } catch (error) {
      setProblem(errorMessageOr(error, 'The course was not saved.'));
    }
  };

  const togglePublished = async () => {
    if (!course) return;
    setProblem(null);
    try {
      const changed = await setPublished({ id: course._id, published: !course.published }).unwrap();
      notify.success(
        changed.published ? `${changed.name} is in the shop.` : `${changed.name} is a draft again.`,
      );
    } catch (error) {
      setProblem(errorMessageOr(error, 'The course was not changed.'));
    }
  };

  const remove = async () => {
    if (!course) return;
    const confirmed = await confirmDialog({
      title: 'Remove this course?',
      text: `Remove ${course.name} from the shop? Those who bought it keep it.`,
      confirmText: 'Yes, remove it',
      danger: true,
    });
    if (!confirmed) return;
    try {
      await removeCourse(course._id).unwrap();
      notify.success(`${course.name} was removed.`);
      void navigate(paths.adminCourses);
    } catch (error) {
      setProblem(errorMessageOr(error, 'The course was not removed.'));
    }
  };

  const confirmRemoveSection = (index: number) => sections.remove(index);
  const fieldError = (path: 'name' | 'price' | 'image' | 'summary' | 'description') =>
    errorAt(errors, path);

  return (
    <section aria-labelledby="course-editor-heading" className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <Link to={paths.adminCourses} className="link link-primary text-sm">
            Back to the courses
          </Link>
          <h1
            id="course-editor-heading"
            className="mt-1 flex flex-wrap items-center gap-3 break-words text-2xl font-bold tracking-tight"
          >
            {course ? `Edit ${course.name}` : 'New course'}
            {course && <PublishedBadge published={course.published} />}
          </h1>
        </div>
        {course && (
          <div className="flex flex-wrap gap-2">
            <Link
              to={`${paths.courses}/${encodeURIComponent(course._id)}`}
              className="btn btn-ghost btn-sm rounded-xl normal-case"
            >
              Preview as a learner
            </Link>
            <button
              type="button"
              disabled={publishing.isLoading}
              onClick={() => void togglePublished()}
              className="btn btn-outline btn-primary btn-sm rounded-xl normal-case"
            >
              {course.published ? 'Unpublish' : 'Publish'}
            </button>
            <button
              type="button"
              disabled={removing.isLoading}
              onClick={() => void remove()}
              className="btn btn-ghost btn-sm rounded-xl text-error normal-case hover:bg-error/10"
            >
              Remove course
            </button>
          </div>
        )}
      </header>

      <FormProvider {...form}>
        <form
          noValidate
          aria-label={course ? `Edit ${course.name}` : 'New course'}
          aria-busy={isSubmitting}
          onSubmit={(event) =>
            void handleSubmit(save, () =>
              setProblem('Some fields need attention: see the messages by them.'),
            )(event)
          }
          className="space-y-6"
        >
          {problem && (
            <p role="alert" className="rounded-xl bg-error/10 p-3 text-sm font-medium text-error">
              {problem}
            </p>
          )}

          <div className="space-y-5 rounded-2xl bg-base-100 p-5 shadow-sm ring-1 ring-base-200 sm:p-8">
            <h2 className="text-lg font-semibold">About the course</h2>
            <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_10rem]">
              <Field label="Name" error={fieldError('name')}>
                {(props) => <input {...props} {...register('name')} className={inputClass} />}
              </Field>
              <Field label="Price ($)" error={fieldError('price')}>
                {(props) => (
                  <input
                    {...props}
                    type="number"
                    step="0.01"
                    min={0}
                    {...register('price', { valueAsNumber: true })}
                    className={inputClass}
                  />
                )}
              </Field>
            </div>
            <Field
              label="Image path"
              error={fieldError('image')}
              hint="A picture the shop serves, e.g. /images/courses/react.svg."
            >
              {(props) => <input {...props} {...register('image')} className={inputClass} />}
            </Field>
            <Field
              label="Summary"
              error={fieldError('summary')}
              hint="One or two lines on the card."
            >
              {(props) => (
                <textarea
                  {...props}
                  rows={2}
                  maxLength={COURSE_LIMITS.summaryMaxLength}
                  {...register('summary')}
                  className={textareaClass}
                />
              )}
            </Field>
            <Field label="Description" error={fieldError('description')}>
              {(props) => (
                <textarea
                  {...props}
                  rows={5}
                  {...register('description')}
                  className={textareaClass}
                />
              )}
            </Field>
            <OutcomesField />
          </div>

          <div className="space-y-4">
            <h2 className="text-lg font-semibold">Sections and lessons</h2>
            {sections.fields.map((field, index) => (
              <SectionEditor
                key={field.id}
                index={index}
                count={sections.fields.length}
                onMove={sections.move}
                onRemove={confirmRemoveSection}
              />
            ))}
            <FieldError id="sections-error" message={errorAt(errors, 'sections')} />
            {sections.fields.length < COURSE_LIMITS.maxSections && (
              <button
                type="button"
                onClick={() => sections.append({ title: '', lessons: [] })}
                className="btn btn-outline btn-sm rounded-xl normal-case"
              >
                <PlusIcon className="h-4 w-4" aria-hidden="true" />
                Add a section
              </button>
            )}
          </div>

          <div className="sticky bottom-0 z-10 -mx-4 flex flex-col-reverse gap-3 border-t border-base-200 bg-base-100/95 px-4 py-3 backdrop-blur sm:mx-0 sm:flex-row sm:items-center sm:justify-end sm:rounded-2xl sm:border sm:px-5">
            {course && isDirty && (
              <p className="text-sm text-base-content/70 sm:mr-auto">Unsaved changes</p>
            )}
            <SubmitButton
              busy={isSubmitting}
              className="btn btn-primary w-full rounded-xl px-8 normal-case sm:w-auto"
            >
              {course ? 'Save course' : 'Create draft'}
            </SubmitButton>
          </div>
        </form>
      </FormProvider>
    </section>
  );
}

type FieldProps = {
  label: string;
  error: string | undefined;
  hint?: string;
  children: (props: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => React.ReactNode;
};

/** A labelled control with its hint, or its error, under it. */
function Field({ label, error, hint, children }: FieldProps) {
  const id = `course-${label.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
      })}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-base-content/70">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
